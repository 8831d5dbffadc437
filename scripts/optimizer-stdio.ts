// npm run --silent optimizer:stdio: the optimizer's external evaluation interface (issue 18,
// section 5). One JSON request per line on standard input, exactly one JSON answer line per request
// on standard output, nothing else there; logs go to standard error. A malformed line gets
// {"error":"…"} and the process carries on. core/optimizer/optimizer-stdio.ts holds the protocol.
import { createInterface } from "node:readline";
import { answerLine } from "#core/optimizer/optimizer-stdio.ts";

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
let answered = 0;
lines.on("line", (line) => {
  process.stdout.write(`${answerLine(line)}\n`);
  answered++;
});
lines.on("close", () => {
  process.stderr.write(`optimizer:stdio answered ${answered} request(s)\n`);
});
