import { redirect } from "react-router";

// Sign-out ends with a full redirect to / (spec §4). The accounts issue ends the server session here first.
export function action() {
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
