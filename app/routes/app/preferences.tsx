import { Monitor, Moon, Sun } from "lucide-react";
import { Link } from "react-router";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "../../components/ui/breadcrumb.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select.tsx";
import { appUrlFrom, pageMeta } from "../../lib/seo.ts";
import { isTheme } from "../../lib/theme.ts";
import { useTheme } from "../../lib/use-theme.ts";
import type { Route } from "./+types/preferences";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: "Preferences",
    description: "Appearance, notifications, dashboard and privacy settings.",
    path: location.pathname,
    appUrl: appUrlFrom(matches),
    isIndexable: false,
  });

const THEME_LABELS = { light: "Light", dark: "Dark", system: "System" } as const;

export default function PreferencesScreen() {
  const { theme, setTheme } = useTheme();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <Breadcrumb>
        <BreadcrumbList>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to="/dashboard">Dashboard</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>Preferences</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Preferences</h1>
        <p className="mt-1 text-muted-foreground">Choose how Adhelm looks and behaves for you.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Appearance</CardTitle>
          <CardDescription>Light, dark, or follow your system. Applies at once.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <Label htmlFor="theme-select">Theme</Label>
          <Select value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
            <SelectTrigger id="theme-select" className="w-full sm:w-60">
              {/* Explicit text so the server render (before mount) already reads "System". */}
              <SelectValue>{THEME_LABELS[theme]}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="light">
                <Sun aria-hidden="true" /> Light
              </SelectItem>
              <SelectItem value="dark">
                <Moon aria-hidden="true" /> Dark
              </SelectItem>
              <SelectItem value="system">
                <Monitor aria-hidden="true" /> System
              </SelectItem>
            </SelectContent>
          </Select>
        </CardContent>
      </Card>
    </div>
  );
}
