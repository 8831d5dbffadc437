import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

/** Each role's name in the "dashboard" catalog. */
const ROLE_LABEL_KEYS: Record<string, string> = {
  owner: "profile.roles.owner",
  admin: "profile.roles.admin",
  manager: "profile.roles.manager",
  analyst: "profile.roles.analyst",
  viewer: "profile.roles.viewer",
};

export interface DashboardProfile {
  email: string;
  name: string;
  companyName: string | null;
  /** The role in the active organization. */
  role: string;
}

/** The spec's profile card: email, name, company when there is one, and the role in the active organization. */
export function ProfileCard({ profile }: { profile: DashboardProfile }) {
  const { t } = useTranslation("dashboard");
  const roleKey = ROLE_LABEL_KEYS[profile.role];
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader>
        <CardTitle>
          <h2>{t("profile.title")}</h2>
        </CardTitle>
        <CardDescription>
          <Link to="/account/profile" className="text-primary underline-offset-4 hover:underline">
            {t("profile.edit")}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <ProfileFact label={t("profile.email")} value={profile.email} />
          <ProfileFact label={t("profile.name")} value={profile.name} />
          {profile.companyName ? <ProfileFact label={t("profile.company")} value={profile.companyName} /> : null}
          <ProfileFact label={t("profile.role")} value={roleKey ? t(roleKey) : profile.role} />
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
