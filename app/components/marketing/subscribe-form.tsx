// Scaffold with the agreed interface; the newsletter work in this issue replaces its body.
export type SubscribeSource = "footer" | "blog" | "changelog";

export function SubscribeForm({ source }: { source: SubscribeSource; className?: string }) {
  return <p data-source={source}>Newsletter</p>;
}
