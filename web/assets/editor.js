// The board editor of the Analyse view: the position's notation (fields key=value,
// as every game of the toolkit writes its positions) as a form, a number box for
// each place's pieces (the rows of a field of counts, "3.3.3/3.3.3"), one for each
// side's store or hand ("0,0"), the side to move as a choice of the sides, and the
// other fields (The Colony's ants, "red=B4,C2") as text. The position written is
// read by the game's own position reader on the server (/api/position): a refusal
// is shown beside the editor with the reader's message, an accepted position
// becomes the analysis board's.
import { $, el, api, query } from "./util.js";
import { S } from "./state.js";
import { analyseFrom } from "./analyse.js";

// fields splits a position's notation into its fields, in order.
function fields(text) {
  return text.trim().split(/\s+/).filter(Boolean).map(function (f) {
    var i = f.indexOf("=");
    return i < 0 ? { key: "", value: f } : { key: f.slice(0, i), value: f.slice(i + 1) };
  });
}
var countsRE = /^\d+(\.\d+)*(\/\d+(\.\d+)*)*$/;
var pairRE = /^\d+(,\d+)+$/;

// fillEditor writes the position as the editor's form.
export function fillEditor(text) {
  var box = $("an-edit");
  box.innerHTML = "";
  fields(text).forEach(function (f) {
    var row = el("div", { "class": "edit-field", "data-key": f.key });
    row.appendChild(el("span", { "class": "edit-key" }, f.key || "(field)"));
    if (f.key === "move" && S.view && S.view.sides.indexOf(f.value) >= 0) {
      var sel = el("select", { "class": "edit-part", id: "an-edit-move" });
      S.view.sides.forEach(function (s) { sel.appendChild(el("option", { value: s }, s)); });
      sel.value = f.value;
      row.appendChild(sel);
    } else if (countsRE.test(f.value) && /[./]/.test(f.value)) {
      row.setAttribute("data-kind", "counts");
      var grid = el("div", { "class": "edit-grid" });
      f.value.split("/").forEach(function (r, i) {
        var line = el("div", { "class": "edit-row", title: f.key + ", row " + (i + 1) + " as the notation writes it" });
        r.split(".").forEach(function (n, j) {
          line.appendChild(el("input", { type: "number", min: "0", value: n, "class": "edit-part", id: "an-edit-" + f.key + "-" + i + "-" + j }));
        });
        grid.appendChild(line);
      });
      row.appendChild(grid);
    } else if (pairRE.test(f.value)) {
      row.setAttribute("data-kind", "pair");
      f.value.split(",").forEach(function (n, j) {
        var label = S.view && S.view.sides[j] ? S.view.sides[j] + " " : "";
        var lab = el("label", {}, label);
        lab.appendChild(el("input", { type: "number", min: "0", value: n, "class": "edit-part", id: "an-edit-" + f.key + "-" + j }));
        row.appendChild(lab);
      });
    } else {
      row.appendChild(el("input", { type: "text", value: f.value, size: "18", spellcheck: "false", "class": "edit-part", id: "an-edit-" + (f.key || "field") }));
    }
    box.appendChild(row);
  });
  $("an-edit-status").textContent = "";
  $("an-edit-status").classList.remove("error");
}

// editedPosition writes the form back as a position's notation.
export function editedPosition() {
  return Array.prototype.map.call($("an-edit").querySelectorAll(".edit-field"), function (row) {
    var key = row.getAttribute("data-key"), kind = row.getAttribute("data-kind"), value;
    if (kind === "counts") {
      value = Array.prototype.map.call(row.querySelectorAll(".edit-row"), function (r) {
        return Array.prototype.map.call(r.querySelectorAll("input"), function (i) { return i.value.trim(); }).join(".");
      }).join("/");
    } else if (kind === "pair") {
      value = Array.prototype.map.call(row.querySelectorAll("input"), function (i) { return i.value.trim(); }).join(",");
    } else {
      value = row.querySelector(".edit-part").value.trim();
    }
    return key ? key + "=" + value : value;
  }).join(" ");
}

// useEdited asks the game's reader for the edited position: refused, its message
// beside the editor; accepted, the analysis board's position (a new tree).
// Only the last check counts: an earlier one answered late is dropped.
var checks = 0;
export function useEdited() {
  var text = editedPosition(), st = $("an-edit-status"), seq = ++checks;
  st.textContent = "checking…";
  st.classList.remove("error");
  return api("/api/position?" + query({ game: S.game, position: text })).then(function (v) {
    if (seq !== checks) { return; }
    return analyseFrom(v.position).then(function () {
      fillEditor(v.position);
      st.textContent = "set: " + v.position;
    });
  }).catch(function (err) {
    if (seq !== checks) { return; }
    st.textContent = err.message;
    st.classList.add("error");
  });
}

// emptyPlaces sets every place's count to 0 (the stores and hands kept).
function emptyPlaces() {
  $("an-edit").querySelectorAll('[data-kind="counts"] input').forEach(function (i) { i.value = "0"; });
}

$("an-edit-box").addEventListener("toggle", function () { if ($("an-edit-box").open && S.view) { fillEditor(S.view.position); } });
$("an-edit-reset").addEventListener("click", function () { if (S.view) { fillEditor(S.view.position); } });
$("an-edit-empty").addEventListener("click", emptyPlaces);
$("an-edit-apply").addEventListener("click", useEdited);
$("an-edit").addEventListener("keydown", function (e) { if (e.key === "Enter") { e.preventDefault(); useEdited(); } });
