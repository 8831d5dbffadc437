// Adhelm's service worker: shows Web Push notifications and opens their page when clicked.
// Payload (encrypted by the server, decrypted by the browser): { title, body, url, tag }.
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || "Adhelm", {
      body: message.body || "",
      tag: message.tag || undefined,
      icon: "/icon-192.png",
      badge: "/icon-192.png",
      data: { url: typeof message.url === "string" ? message.url : "/notifications" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/notifications", self.location.origin);
  // Only our own pages: a payload never sends anyone elsewhere.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === target.origin && "focus" in client);
      if (open) return open.navigate(target.href).then((client) => (client ?? open).focus());
      return self.clients.openWindow(target.href);
    }),
  );
});

// The push service replaced the subscription (expiry, key rotation): tell Adhelm the new one.
self.addEventListener("pushsubscriptionchange", (event) => {
  const options = event.oldSubscription?.options;
  if (!options) return;
  event.waitUntil(
    self.registration.pushManager.subscribe(options).then((subscription) =>
      fetch("/notifications/push", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent: "subscribe", subscription: subscription.toJSON() }),
      }),
    ),
  );
});
