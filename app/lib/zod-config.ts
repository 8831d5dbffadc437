import { z } from "zod";

// Zod probes `new Function` to speed up parsing; our CSP forbids eval, and the probe shows up as
// a CSP violation in the browser. Jitless parsing is plenty fast for our forms.
z.config({ jitless: true });
