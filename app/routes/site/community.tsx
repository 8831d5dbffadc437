// Scaffold: replaced by the page's real content in this issue.
export default function Page() {
  return <h1>Community</h1>;
}
