import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import { useRootData } from "../../root.tsx";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Profile",
    description: "Your profile settings.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

export default function ProfileScreen() {
  const viewer = useRootData()?.viewer ?? null;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Profile Settings</h1>
        <p className="mt-1 text-muted-foreground">
          Manage your personal information and how Adhelm shows your numbers.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Account</CardTitle>
          <CardDescription>The address you sign in with.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Label htmlFor="profile-email">Email</Label>
          <Input
            id="profile-email"
            type="email"
            value={viewer?.email ?? ""}
            readOnly
            disabled
            aria-describedby="profile-email-hint"
          />
          <p id="profile-email-hint" className="text-muted-foreground text-sm">
            Email cannot be changed
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
