(function () {
  var root = document.getElementById('root');
  root.innerHTML =
    '<div style="font-family:Arial,sans-serif;max-width:32em;margin:4em auto;padding:1em;text-align:center">' +
    '<h1>Your browser is too old</h1>' +
    '<p>This site needs a current browser. Please update your browser or use a recent version of ' +
    'Chrome, Firefox, Safari or Edge.</p></div>';
})();
