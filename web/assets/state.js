// The page's one state: what the board shows, the turn being chosen, the work
// under way, and each view's own (Play, Analyse, Watch). Every module reads and
// changes it here; nothing else is kept between events.

export const S = {
  config: null,
  tab: "play",
  game: "colony",
  view: null,        // the PositionView on the board
  flipped: false,
  busy: false,       // an animation or an engine's turn is under way
  job: null,         // the work under way on the board (see newJob)
  hint: null,        // the hint's search, a job of its own
  shown: 0,          // the decisions of the turn being chosen shown on the board
  skip: false,       // the running animation is to end at once
  animated: 0,       // the steps of sowings animated so far
  loads: 0,          // the positions asked of the server so far (see loadPosition)
  clicks: [],        // the clicks of the turn being chosen
  interactive: false,
  play: null,        // {you (-1: engine against engine), player, duel, start, turns: [{turn, mover, from}], over, end, clock} (play.js)
  an: null,          // the analysis: its move tree, its line, each position's lines (analyse.js)
  es: null,          // the analysis's EventSource
  // Watch: the open game (its file, index, move), the file whose games the table
  // lists, the listing, and the live view's stream, file and run's state.
  watch: { file: null, game: null, move: 0, table: null, files: null, timer: null,
    live: null, liveFile: null, liveChoice: null, liveState: null,
    // the open file's games (rows, of the file rowsOf) as its table shows them
    // (sorted, a page of them) and the file's metrics
    rows: null, rowsOf: null, sort: null, page: 0, metrics: null }
};

// testView is the state to read from outside the page: the browser tests wait on
// it (package web's browser_test.go and views_test.go), and a person can look at it
// in the browser's console, as window.colonyApp (app.js). Setting or deleting one
// of its fields throws: the page's modules change S, nothing else does.
export const testView = new Proxy(S, {
  set: function () { return false; },
  deleteProperty: function () { return false; },
  defineProperty: function () { return false; }
});
