/** The spec: the public header turns opaque once the page has scrolled more than 10px. */
export const OPAQUE_AFTER_SCROLL_PX = 10;

/**
 * The few behaviours every page has, in plain JavaScript inlined into the HTML, so they work on
 * static pages (no React) and hydrated ones alike, and cost no request:
 * - the public header's opacity after scrolling (it reads the element anew, since client-side
 *   navigation may replace it);
 * - a link inside a popover menu closes the menu;
 * - a server-rendered toast closes with its button;
 * - session tokens of type signup or recovery in the landing page's URL fragment sign the visitor
 *   in: the fragment is cleared first, the tokens go to /auth/handoff in a POST body (never in a
 *   URL), and the visitor goes on to the dashboard, where the welcome toast waits. The server signs
 *   in only the browser that reset the password (its binder cookie) and never over another
 *   account's session; a refusal goes to /login, where the flash says why.
 */
export const siteScript = `(function(){var d=document;
function h(){var e=d.querySelector("[data-site-header]");if(e)e.dataset.opaque=String(scrollY>${OPAQUE_AFTER_SCROLL_PX});}
addEventListener("scroll",h,{passive:true});h();
d.addEventListener("click",function(v){var t=v.target;if(!(t instanceof Element))return;
var a=t.closest("[popover] a");if(a){var p=a.closest("[popover]");if(p&&p.hidePopover)p.hidePopover();}
var x=t.closest("[data-dismiss-toast]");if(x){var s=x.closest("[data-static-toast]");if(s)s.remove();}});
var q=new URLSearchParams(location.hash.slice(1)),k=q.get("type");
if(location.pathname==="/"&&q.get("access_token")&&(k==="signup"||k==="recovery")){
history.replaceState(history.state,"",location.pathname+location.search);
fetch("/auth/handoff",{method:"POST",headers:{"content-type":"application/json"},credentials:"same-origin",
body:JSON.stringify({access_token:q.get("access_token"),refresh_token:q.get("refresh_token"),type:k})})
.then(function(r){location.replace(r.ok?"/dashboard":"/login");},function(){location.replace("/login");});}
})();`;
