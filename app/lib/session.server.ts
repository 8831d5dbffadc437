import { redirect } from "react-router";
import { type Actor, roleOf, userActor, type Visitor } from "#core/access/actor.ts";
import { permissionsOf } from "#core/access/permissions.ts";
import type { ViewerContext } from "#core/accounts/get-viewer.ts";
import { type AppContextValue, appContext } from "./app-context.ts";
import type { Viewer } from "./viewer.ts";

interface ContextReader {
  get(key: typeof appContext): AppContextValue;
}

// One session lookup per request, however many loaders ask.
const cache = new WeakMap<Request, Promise<ViewerContext | null>>();

export function getViewerContextFor(request: Request, context: ContextReader): Promise<ViewerContext | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = context.get(appContext).services.accounts.getViewerContext(request.headers);
    cache.set(request, pending);
  }
  return pending;
}

export function toViewer({ user, profile, organization, readOnly }: ViewerContext): Viewer {
  const permissions = permissionsOf(
    userActor({
      userId: user.id,
      name: user.name,
      organizationId: organization.organizationId,
      role: organization.role,
      readOnly,
    }),
  );
  return {
    id: user.id,
    email: user.email,
    name: profile ? `${profile.firstName} ${profile.lastName}`.trim() || user.name : user.name,
    firstName: profile?.firstName || user.name.split(" ")[0] || "",
    lastName: profile?.lastName ?? "",
    avatarUrl: profile?.avatarUrl ?? null,
    organization: {
      name: organization.name,
      logo: organization.logo,
      role: roleOf(organization.role),
      permissions,
    },
  };
}

/** The signed-in person as the actor of the use cases they call, in their session's organization. */
export function actorOf(viewer: ViewerContext): Actor {
  return userActor({
    userId: viewer.user.id,
    name: toViewer(viewer).name,
    organizationId: viewer.organization.organizationId,
    role: viewer.organization.role,
    readOnly: viewer.readOnly,
  });
}

/** Whoever uses the public site's forms, signed in or not: counted by their client address. */
export function visitorOf(context: ContextReader): Visitor {
  return { kind: "visitor", clientAddress: context.get(appContext).clientAddress };
}

/** Sends an anonymous visitor to /login, remembering where they were going. */
export async function requireViewerContext(request: Request, context: ContextReader): Promise<ViewerContext> {
  const viewer = await getViewerContextFor(request, context);
  if (!viewer) {
    const url = new URL(request.url);
    const target = `${url.pathname}${url.search}`;
    // Sign-in lands on /dashboard anyway; only other pages need remembering.
    throw redirect(target === "/dashboard" ? "/login" : `/login?redirectTo=${encodeURIComponent(target)}`);
  }
  return viewer;
}

/** A signed-in visitor has no business on /login or /signup. */
export async function redirectSignedIn(request: Request, context: ContextReader): Promise<void> {
  if (await getViewerContextFor(request, context)) throw redirect("/dashboard");
}
