// The rules dialog: the game's picture and its rules, from the server.
import { $, api, query, say } from "./util.js";
import { S } from "./state.js";

$("rules-button").addEventListener("click", function () {
  api("/api/rules?" + query({ game: S.game })).then(function (r) {
    $("rules-svg").innerHTML = r.svg;
    $("rules-text").innerHTML = r.html; // rendered by the server from the game's own document
    $("rules").hidden = false;
    $("rules-close").focus();
  }).catch(function (err) { say(err.message, true); });
});
$("rules-close").addEventListener("click", function () { $("rules").hidden = true; });
$("rules").addEventListener("click", function (e) { if (e.target === $("rules")) { $("rules").hidden = true; } });
// Escape closes the dialog (and no other key reaches the page under it).
document.addEventListener("keydown", function (e) {
  if ($("rules").hidden) { return; }
  if (e.key === "Escape") { $("rules").hidden = true; $("rules-button").focus(); }
  e.stopImmediatePropagation();
}, true);
