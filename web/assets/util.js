// Small helpers of the page: the elements, the server's API, waits that a job
// can cut short, the message line, numbers in words.

export var $ = function (id) { return document.getElementById(id); };
export function el(tag, attrs, text) {
  var e = document.createElement(tag);
  for (var k in attrs || {}) { e.setAttribute(k, attrs[k]); }
  if (text !== undefined) { e.textContent = text; }
  return e;
}
export function svgEl(tag, attrs) {
  var e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (var k in attrs || {}) { e.setAttribute(k, attrs[k]); }
  return e;
}
// api asks the server; with a job (see newJob), cancelling the job aborts the
// request (the server's search stops with it).
export function api(path, body, job) {
  var opts = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  if (job && job.ctrl) { opts.signal = job.ctrl.signal; }
  return fetch(path, opts).then(function (r) {
    return r.json().then(function (v) {
      if (!r.ok) { throw new Error(v.error || r.statusText); }
      return v;
    });
  });
}
export function query(params) {
  return Object.keys(params).map(function (k) { return encodeURIComponent(k) + "=" + encodeURIComponent(params[k]); }).join("&");
}
export function sleep(ms) { return new Promise(function (res) { setTimeout(res, ms); }); }
// Cancelled is the error of a job's promise chain once the job is cancelled.
export var Cancelled = new Error("cancelled");
// jobSleep waits ms, or ends at once (rejecting with Cancelled) when the job is
// cancelled.
export function jobSleep(job, ms) {
  if (job.cancelled) { return Promise.reject(Cancelled); }
  if (ms <= 0) { return Promise.resolve(); }
  return new Promise(function (res, rej) {
    var wake = function () { clearTimeout(t); rej(Cancelled); };
    var t = setTimeout(function () { job.wakes = job.wakes.filter(function (w) { return w !== wake; }); res(); }, ms);
    job.wakes.push(wake);
  });
}
export function say(text, isError) {
  var m = $("message");
  m.textContent = text;
  m.classList.toggle("error", !!isError);
}
export function fmtInt(n) { return Number(n).toLocaleString("en-US"); }
export function fmtNPS(n) { return n >= 1e6 ? (n / 1e6).toFixed(2) + " M/s" : n >= 1e3 ? (n / 1e3).toFixed(1) + " k/s" : n + "/s"; }
