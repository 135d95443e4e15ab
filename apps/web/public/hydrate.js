/* global document, requestAnimationFrame */
// Loads the app's script once a pre-rendered page has painted (issue 21). The page is already readable: its script
// only hydrates it, so it must not take the network from the document, its stylesheet and images on a slow phone.
// A classic deferred script (the CSP allows no inline script); the API writes the entry and its chunks as data-*.
(function () {
  var me = document.currentScript;
  if (!me) return;
  var entry = me.getAttribute('data-entry');
  var chunks = (me.getAttribute('data-chunks') || '').split(' ').filter(Boolean);
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
