// Placeholder while this route is being built in this change; replaced before it lands.
export function loader() {
  return new Response("Not found", { status: 404 });
}
