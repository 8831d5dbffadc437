import { config } from "zod/v4/core";

// Zod probes `new Function` to speed up parsing; our CSP forbids eval, and the probe shows up as
// a CSP violation in the browser. Jitless parsing is plenty fast for our forms. (Zod's settings are
// global: this sets them for `z` wherever it loads, without bringing all of zod into every page.)
config({ jitless: true });
