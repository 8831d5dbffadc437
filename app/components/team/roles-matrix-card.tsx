import { Check, Minus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { ROLES } from "#core/access/actor.ts";
import type { Permission } from "#core/access/permissions.ts";
import { ROLE_LABEL_KEYS, type TeamScreenProps } from "./team-types.ts";

/** Each permission's human name: keys of the "team" namespace. */
const PERMISSION_KEYS: Record<Permission, string> = {
  "workspace.read": "permissions.workspaceRead",
  "campaigns.change": "permissions.campaignsChange",
  "campaigns.export": "permissions.campaignsExport",
  "connections.manage": "permissions.connectionsManage",
  "connections.sync": "permissions.connectionsSync",
  "goals.manage": "permissions.goalsManage",
  "api_keys.manage": "permissions.apiKeysManage",
  "self.manage": "permissions.selfManage",
  "rules.draft": "permissions.rulesDraft",
  "rules.manage": "permissions.rulesManage",
  "rules.run": "permissions.rulesRun",
  "webhooks.manage": "permissions.webhooksManage",
  "assets.manage": "permissions.assetsManage",
  "conversions.manage": "permissions.conversionsManage",
  "budgets.manage": "permissions.budgetsManage",
  "optimizer.apply": "permissions.optimizerApply",
  "organization.manage": "permissions.organizationManage",
  "members.manage": "permissions.membersManage",
  "billing.manage": "permissions.billingManage",
  "audit.read": "permissions.auditRead",
  "organization.export": "permissions.organizationExport",
  "organization.own": "permissions.organizationOwn",
};

/** The permission matrix the server enforces (core/access/permissions.ts), role by role. */
export function RolesMatrixCard({ matrix }: Pick<TeamScreenProps, "matrix">) {
  const { t } = useTranslation("team");
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("matrix.title")}</h2>
        </CardTitle>
        <CardDescription>{t("matrix.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">{t("matrix.title")}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pr-4 text-left font-medium text-muted-foreground">
                  {t("matrix.permission")}
                </th>
                {ROLES.map((role) => (
                  <th key={role} scope="col" className="px-2 py-2 text-center font-medium">
                    {t(ROLE_LABEL_KEYS[role])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {matrix.map((row) => (
                <tr key={row.permission} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-4 text-left font-normal">
                    {t(PERMISSION_KEYS[row.permission as Permission] ?? row.permission)}
                  </th>
                  {ROLES.map((role) => (
                    <td key={role} className="px-2 py-2 text-center">
                      {row.roles.includes(role) ? (
                        <Check role="img" aria-label={t("matrix.allowed")} className="mx-auto size-4 text-primary" />
                      ) : (
                        <Minus
                          role="img"
                          aria-label={t("matrix.notAllowed")}
                          className="mx-auto size-4 text-muted-foreground/50"
                        />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
