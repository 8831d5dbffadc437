import { useRouteLoaderData } from "react-router";
import type { Permission } from "#core/access/permissions.ts";
import type { Viewer } from "./viewer.ts";

/**
 * Whether the signed-in person's role lets them do something in the active organization, so a screen
 * can hide or disable a control and say why. It decides nothing: every action is checked again on
 * the server (core/access/permissions.ts).
 */
export function useCan(): (permission: Permission) => boolean {
  const viewer = (useRouteLoaderData("root") as { viewer?: Viewer | null } | undefined)?.viewer;
  const permissions = viewer?.organization.permissions ?? [];
  return (permission) => permissions.includes(permission);
}
