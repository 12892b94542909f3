// A page drawn by the server shows without its scripts: they are asked for once that page has been
// painted with its text, so the text does not wait behind them on a slow line
// (server/src/static/visitor-pages.ts names them in <link rel="app-module"> and
// <link rel="app-entry">, which the browser does not fetch by itself).
(function () {
  var started = false;
  function load() {
    if (started) return;
    started = true;
    var links = document.querySelectorAll('link[rel="app-module"], link[rel="app-entry"]');
    for (var i = 0; i < links.length; i++) {
      var entry = links[i].rel === 'app-entry';
      var element = document.createElement(entry ? 'script' : 'link');
      element.crossOrigin = 'anonymous';
      if (entry) {
        element.type = 'module';
        element.src = links[i].href;
      } else {
        element.rel = 'modulepreload';
        element.href = links[i].href;
      }
      document.head.appendChild(element);
    }
  }
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(load, 0);
    }).observe({ type: 'paint', buffered: true });
    // A tab opened in the background paints only once shown: its app still starts.
    setTimeout(load, 3000);
  } else {
    // The frame callback runs as the first paint is made; the task it queues, right after it.
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  }
})();
