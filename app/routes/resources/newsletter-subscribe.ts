// Scaffold: replaced by the real subscription in this issue.
export function action() {
  return new Response("Not yet", { status: 404 });
}
