import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

const ROLE_LABELS: Record<string, string> = {
  admin: "Admin",
  manager: "Manager",
  analyst: "Analyst",
  viewer: "Viewer",
};

export interface DashboardProfile {
  email: string;
  name: string;
  companyName: string | null;
  role: string;
}

/** The spec's profile card: email, name, company when there is one, and role. */
export function ProfileCard({ profile }: { profile: DashboardProfile }) {
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Your profile</h2>
        </CardTitle>
        <CardDescription>
          <Link to="/account/profile" className="text-primary underline-offset-4 hover:underline">
            Edit profile
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <ProfileFact label="Email" value={profile.email} />
          <ProfileFact label="Name" value={profile.name} />
          {profile.companyName ? <ProfileFact label="Company" value={profile.companyName} /> : null}
          <ProfileFact label="Role" value={ROLE_LABELS[profile.role] ?? profile.role} />
        </dl>
      </CardContent>
    </Card>
  );
}

function ProfileFact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{value}</dd>
    </div>
  );
}
