// Scaffold: replaced by the real PDF in this issue.
export function loader() {
  return new Response("Not yet", { status: 404 });
}
