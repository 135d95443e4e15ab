/* global document, requestAnimationFrame */
// Loads the app's script once a pre-rendered page has painted (issue 21). The page is already readable: its script
// only hydrates it, so it must not take the network from the document, its stylesheet and images on a slow phone.
// A classic deferred script (the CSP allows no inline script); the API writes the entry and its chunks as data-*.
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var chunks = (me.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
  // A tracked link (data-cta, the landing) tapped before the app is there navigates natively: the app's click
  // tracking (features/landing/use-landing-tracking.ts) never sees it. Until the app says it has taken the page over
  // (main.tsx dispatches APP_STARTED), such clicks are recorded here, as the app would: POST /api/visits/cta.
  var APP_STARTED = 'galeno:app-started';
  function recordEarlyClick(event) {
    if (event.type === 'auxclick' && event.button !== 1) return;
    var tracked = event.target && event.target.closest ? event.target.closest('[data-cta]') : null;
    var id = tracked && tracked.getAttribute('data-cta');
    if (!id) return;
    var payload = JSON.stringify({ buttonClicked: id });
    try {
      if (navigator.sendBeacon && navigator.sendBeacon('/api/visits/cta', new Blob([payload], { type: 'application/json' }))) return;
      fetch('/api/visits/cta', {
        method: 'POST',
        body: payload,
        headers: { 'content-type': 'application/json' },
        credentials: 'include',
        keepalive: true,
      }).catch(function () {});
    } catch {
      // Tracking is best effort.
    }
  }
  document.addEventListener('click', recordEarlyClick, true);
  document.addEventListener('auxclick', recordEarlyClick, true);
  document.addEventListener(APP_STARTED, function () {
    document.removeEventListener('click', recordEarlyClick, true);
    document.removeEventListener('auxclick', recordEarlyClick, true);
  });

  // A form submitted before the app has taken the page over (typed and sent on a slow phone) would be sent natively:
  // a reload that loses what was typed. It is held, and submitted again once the app's first render is committed
  // (app/start.tsx dispatches APP_COMMITTED), where the app's own handler takes it.
  var APP_COMMITTED = 'galeno:app-committed';
  var held = null;
  function holdSubmit(event) {
    event.preventDefault();
    event.stopPropagation();
    held = { form: event.target, submitter: event.submitter || null };
  }
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener(APP_COMMITTED, function () {
    document.removeEventListener('submit', holdSubmit, true);
    var submit = held;
    held = null;
    if (!submit || !submit.form.isConnected || typeof submit.form.requestSubmit !== 'function') return;
    try {
      submit.form.requestSubmit(submit.submitter && submit.submitter.isConnected ? submit.submitter : undefined);
    } catch {
      // A submitter that no longer belongs to the form: the visitor sends it again.
    }
  });

  function load() {
    // One insertion for every element: each link appended on its own cost a style pass on a slow phone.
    var fragment = document.createDocumentFragment();
    chunks.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      fragment.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    fragment.appendChild(script);
    document.head.appendChild(fragment);
  }
  // After the next frame has painted: a callback before the paint, then a task after it.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
})();
