"""Waiting for the offline copy in a browser test: the site's service worker installed (the core
cached), active and controlling the page. Evaluated in the page; answers the worker's script URL."""

WAIT_FOR_CONTROL = """async () => {
  const reg = await navigator.serviceWorker.ready;             // installed (the core cached) and active
  if (!navigator.serviceWorker.controller) {
    await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  }
  return reg.active.scriptURL;
}"""
