import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // BUILD_DIR lets parallel test runs (several agents in one checkout) keep their builds apart.
  buildDirectory: process.env.BUILD_DIR || "build",
  ssr: true,
} satisfies Config;
