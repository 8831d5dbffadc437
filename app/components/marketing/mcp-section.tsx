import { Bot, KeyRound, ShieldCheck, Undo2 } from "lucide-react";
import { CodeBlock } from "#app/components/marketing/code-block.tsx";
import { SectionHeading } from "#app/components/marketing/section-heading.tsx";
import { Badge } from "#app/components/ui/badge.tsx";

/** The assistant's tools as an MCP client lists them (core/assistant/assistant-tools.ts). */
const MCP_TOOLS = [
  { name: "query_metrics", summary: "Any KPI by platform, ad account, campaign or day, over a date range." },
  { name: "list_campaigns", summary: "Search campaigns and sort them by a KPI, e.g. the highest CPA this week." },
  { name: "explain_change", summary: "Who changed what and when, before → after, from the change log." },
  { name: "goals_and_pacing", summary: "Your goals and how this month's spend paces against the budget." },
  { name: "preview_rule", summary: "Which campaigns an automation rule would act on right now." },
  { name: "optimizer_recommendations", summary: "Budget recommendations with their 80% intervals." },
  { name: "propose_change", summary: "Pause, enable or set a daily budget, as a proposal to confirm.", writes: true },
] as const;

const SAFEGUARDS = [
  {
    icon: KeyRound,
    text: "An API key authenticates every call, and sees one workspace's data only. Calls count toward the key's rate limit like any API call.",
  },
  {
    icon: ShieldCheck,
    text: "A read-only key lists the reading tools only. Tool results are data: a campaign's name is never read as an instruction.",
  },
  {
    icon: Undo2,
    text: "Writes are proposals for you to confirm in Adhelm. A read_write key applies one at once only with confirm: true, logged in the change log and undoable.",
  },
] as const;

function claudeDesktopConfig(endpoint: string) {
  return JSON.stringify(
    {
      mcpServers: {
        adhelm: {
          command: "npx",
          // mcp-remote expands ${AUTH_HEADER} from env (its README's way around spaces in args).
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is mcp-remote's, not ours.
          args: ["mcp-remote", endpoint, "--header", "Authorization:${AUTH_HEADER}"],
          env: { AUTH_HEADER: "Bearer YOUR_API_KEY" },
        },
      },
    },
    null,
    2,
  );
}

function streamableHttpConfig(endpoint: string) {
  return `# Claude Code
claude mcp add --transport http adhelm ${endpoint} \\
  --header "Authorization: Bearer $ADHELM_API_KEY"

# Clients that take a URL and headers (VS Code, Cursor: mcp.json)
${JSON.stringify(
  {
    servers: {
      adhelm: { type: "http", url: endpoint, headers: { Authorization: "Bearer YOUR_API_KEY" } },
    },
  },
  null,
  2,
)}`;
}

function ConfigCard({ file, note, label, code }: { file: string; note: string; label: string; code: string }) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <div className="flex items-center justify-between gap-3 border-b px-4 py-2.5 text-muted-foreground text-xs">
        <span className="truncate font-mono">{file}</span>
        <span className="shrink-0">{note}</span>
      </div>
      <CodeBlock label={label} code={code} className="rounded-none border-0" />
    </div>
  );
}

/** The /api page's MCP server section: the tools, the safeguards, and configurations to copy. */
export function McpSection({ baseUrl }: { baseUrl: string }) {
  const endpoint = `${baseUrl || "https://your-adhelm-address"}/api/mcp`;
  return (
    <section id="mcp" aria-labelledby="mcp-heading" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="mcp-heading"
          eyebrow="MCP server"
          title="Bring your AI agent to your ad data"
          lead={
            <>
              Adhelm is a Model Context Protocol server at{" "}
              <code className="whitespace-nowrap rounded bg-muted px-1.5 py-0.5 font-mono text-base text-foreground">
                /api/mcp
              </code>
              . Claude, Cursor and any agent that speaks MCP can read your campaigns and propose changes, with the same
              tools as Ask Adhelm.
            </>
          }
        />
        <div className="mt-14 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          <div className="flex flex-col gap-6">
            <div className="rounded-xl border bg-card p-5 text-card-foreground shadow-sm">
              <h3 className="flex items-center gap-2 font-semibold">
                <Bot aria-hidden="true" className="size-5 text-primary" />
                Tools
              </h3>
              <ul className="mt-4 grid gap-3">
                {MCP_TOOLS.map((tool) => (
                  <li key={tool.name} className="grid gap-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <code className="break-all font-mono font-medium text-sm">{tool.name}</code>
                      {"writes" in tool ? <Badge variant="outline">Needs confirmation</Badge> : null}
                    </span>
                    <span className="text-pretty text-muted-foreground text-sm">{tool.summary}</span>
                  </li>
                ))}
              </ul>
            </div>
            <ul className="grid gap-3">
              {SAFEGUARDS.map((item) => (
                <li key={item.text} className="flex gap-3 text-sm">
                  <item.icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span className="text-pretty">{item.text}</span>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex min-w-0 flex-col gap-6">
            <ConfigCard
              file="claude_desktop_config.json"
              note="Claude Desktop"
              label="Claude Desktop configuration"
              code={claudeDesktopConfig(endpoint)}
            />
            <ConfigCard
              file="Streamable HTTP"
              note="Direct connection"
              label="Streamable HTTP client configuration"
              code={streamableHttpConfig(endpoint)}
            />
            <p className="text-pretty text-muted-foreground text-sm">
              Create a key in Settings → API keys; a read-only key is enough to ask questions. Claude Desktop reaches
              the server through <code className="font-mono">mcp-remote</code>, which needs Node.js.
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
