/*
 * colony_ai._fast: the hot calls of a single State in C, the fast path of core.py.
 *
 * ctypes costs about a microsecond a call (converting the arguments, saving errno,
 * releasing and taking the GIL): more than a step of the rules in the library. This
 * module calls the library's exported functions directly: StateBase is the base
 * class of colony_ai.State, holding the state's handle, the library's Summary of it
 * and its legal actions, with the methods a game loop calls (apply_action,
 * legal_actions, current_player, is_terminal, returns, clone, ...); new_state makes
 * a state at the start position.
 *
 * The module does not link the library: _native.py, which loaded it with ctypes,
 * hands its functions' addresses to init, so that there is one library in the
 * process (the one $COLONY_AI_LIBRARY names, when set) and the module builds without
 * it. Built for the limited API (abi3): one wheel for every CPython 3.9 or later.
 *
 * The GIL is held during the calls: each is a step of the rules or a copy of a
 * state, well under a microsecond, and releasing and taking the GIL would cost as
 * much again. The library's long calls (think, batched steps) stay on ctypes, which
 * releases it. No library function calls back into Python, so holding the GIL
 * cannot deadlock; a call on a state another thread is stepping waits for that
 * step (a State is not safe to step from two threads at once anyway).
 *
 * After a fork (set_forked), every call that would enter the library raises
 * ForkError, and dropped states are not freed (the parent owns them).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#define MAX_ACTIONS 256
#define STATUS_LEN 8
#define ERR_CAP 4096
#define ST_WINNER 3

/* The bits of a Summary (native.Status.Summary). */
#define SUM_NUM_LEGAL 0x1ff
#define SUM_TO_MOVE (1 << 9)
#define SUM_TERMINAL (1 << 10)
#define SUM_TURN_START (1 << 11)

#define TERMINAL_PLAYER (-4)

/* set_ref replaces the reference *slot by a new reference to v (the limited API
 * has no Py_XSETREF). */
static void set_ref(PyObject **slot, PyObject *v) {
    PyObject *old = *slot;
    Py_INCREF(v);
    *slot = v;
    Py_XDECREF(old);
}

/* The library's functions (cmd/libcolony). */
typedef int (*step_fn)(int64_t s, int a, uint8_t *legal);
typedef int (*summary_fn)(int64_t s, uint8_t *legal);
typedef int (*make_fn)(int64_t from, int64_t *h, char *err, int errcap);
typedef int (*start_fn)(int64_t g, int64_t *h, uint8_t *legal);
typedef int (*status_fn)(int64_t s, int32_t *status, uint8_t *legal, int legalcap, char *err, int errcap);
typedef int (*free_fn)(int64_t h, char *err, int errcap);

static step_fn lib_step;
static summary_fn lib_summary;
static make_fn lib_state_new;
static start_fn lib_start;
static make_fn lib_clone;
static status_fn lib_status;
static free_fn lib_free;

/* Set once by init: the Python side's errors and the slow path of apply_action. */
static PyObject *py_error;       /* error(code, message) -> the exception to raise */
static PyObject *py_refused;     /* refused(state, action): apply_action's slow path */
static PyObject *py_fork_error;  /* fork_error() -> the ForkError to raise */
static int forked;

typedef struct {
    PyObject_HEAD
    int64_t h;       /* the state's handle; 0 once closed */
    int sum;         /* the Summary of the state; -1 once closed (or not made) */
    PyObject *game;  /* the state's Game */
    uint8_t legal[MAX_ACTIONS];
} StateObject;

/* raise_code raises the exception of status rc with message msg. */
static PyObject *raise_code(int rc, const char *msg) {
    PyObject *e = PyObject_CallFunction(py_error, "is", rc, msg);
    if (e != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
    return NULL;
}

static PyObject *raise_forked(void) {
    PyObject *e = PyObject_CallObject(py_fork_error, NULL);
    if (e != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
    return NULL;
}

static PyObject *raise_closed(void) { return raise_code(-3, "the state is closed"); }

/* make calls f (state_new or clone) for a handle; 0 and an exception on failure. */
static int64_t make(make_fn f, int64_t from) {
    int64_t h = 0;
    if (forked) {
        raise_forked();
        return 0;
    }
    int rc = f(from, &h, NULL, 0);
    if (rc != 0) {
        char err[ERR_CAP];
        err[0] = 0;
        rc = f(from, &h, err, ERR_CAP);
        if (rc != 0) {
            raise_code(rc, err);
            return 0;
        }
    }
    return h;
}

/* refresh reads the summary and legal actions of the state again. */
static int refresh(StateObject *self) {
    if (forked) {
        raise_forked();
        return -1;
    }
    int r = lib_summary(self->h, self->legal);
    if (r < 0) {
        /* Again with a buffer, for the message. */
        char err[ERR_CAP];
        err[0] = 0;
        int rc = lib_status(self->h, NULL, NULL, 0, err, ERR_CAP);
        self->sum = -1;
        raise_code(rc ? rc : r, err);
        return -1;
    }
    self->sum = r;
    return 0;
}

/* attach makes self the state of handle h of game, and reads it. */
static int attach(StateObject *self, PyObject *game, int64_t h) {
    set_ref(&self->game, game);
    self->h = h;
    self->sum = -1;
    return refresh(self);
}

static PyObject *State_attach(StateObject *self, PyObject *args) {
    PyObject *game;
    long long h;
    if (!PyArg_ParseTuple(args, "OL:_attach", &game, &h))
        return NULL;
    if (attach(self, game, (int64_t)h) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *State_refresh(StateObject *self, PyObject *unused) {
    if (self->sum < 0 && self->h == 0)
        return raise_closed();
    if (refresh(self) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* _detach marks the state closed and returns its handle (0 when it was closed). */
static PyObject *State_detach(StateObject *self, PyObject *unused) {
    int64_t h = self->h;
    self->h = 0;
    self->sum = -1;
    return PyLong_FromLongLong(h);
}

static PyObject *State_current_player(StateObject *self, PyObject *unused) {
    int s = self->sum;
    if (s < 0)
        return raise_closed();
    if (s & SUM_TERMINAL)
        return PyLong_FromLong(TERMINAL_PLAYER);
    return PyLong_FromLong((s & SUM_TO_MOVE) ? 1 : 0);
}

static PyObject *State_is_terminal(StateObject *self, PyObject *unused) {
    int s = self->sum;
    if (s < 0)
        return raise_closed();
    return PyBool_FromLong(s & SUM_TERMINAL);
}

static PyObject *State_is_turn_start(StateObject *self, PyObject *unused) {
    int s = self->sum;
    if (s < 0)
        return raise_closed();
    return PyBool_FromLong(s & SUM_TURN_START);
}

/* player_differs: 1 when player (None for none) is given and is not the player to
 * move, as Python's player != to_move; -1 on an error. */
static int player_differs(int s, PyObject *args, PyObject *kwargs) {
    static char *kwlist[] = {"player", NULL};
    PyObject *player = Py_None;
    if ((args != NULL && PyTuple_Size(args) != 0) || kwargs != NULL) {
        if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:legal_actions", kwlist, &player))
            return -1;
    }
    if (player == Py_None)
        return 0;
    PyObject *to_move = PyLong_FromLong((s & SUM_TO_MOVE) ? 1 : 0);
    if (to_move == NULL)
        return -1;
    int ne = PyObject_RichCompareBool(player, to_move, Py_NE);
    Py_DECREF(to_move);
    return ne;
}

static PyObject *State_legal_actions(StateObject *self, PyObject *args, PyObject *kwargs) {
    int s = self->sum;
    if (s < 0)
        return raise_closed();
    int d = player_differs(s, args, kwargs);
    if (d < 0)
        return NULL;
    Py_ssize_t n = d ? 0 : (s & SUM_NUM_LEGAL);
    PyObject *list = PyList_New(n);
    if (list == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        /* Small ints (below 257) are cached: no object is made. */
        PyList_SetItem(list, i, PyLong_FromLong(self->legal[i]));
    }
    return list;
}

static PyObject *State_legal_actions_mask(StateObject *self, PyObject *args, PyObject *kwargs) {
    int s = self->sum;
    if (s < 0)
        return raise_closed();
    int d = player_differs(s, args, kwargs);
    if (d < 0)
        return NULL;
    PyObject *nobj = PyObject_CallMethod(self->game, "num_distinct_actions", NULL);
    if (nobj == NULL)
        return NULL;
    Py_ssize_t n = PyLong_AsSsize_t(nobj);
    Py_DECREF(nobj);
    if (n < 0 && PyErr_Occurred())
        return NULL;
    PyObject *list = PyList_New(n);
    if (list == NULL)
        return NULL;
    PyObject *zero = PyLong_FromLong(0), *one = PyLong_FromLong(1);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(zero);
        PyList_SetItem(list, i, zero);
    }
    int k = d ? 0 : (s & SUM_NUM_LEGAL);
    for (int i = 0; i < k; i++) {
        if (self->legal[i] < n) {
            Py_INCREF(one);
            PyList_SetItem(list, self->legal[i], one);
        }
    }
    Py_DECREF(zero);
    Py_DECREF(one);
    return list;
}

/* apply_action plays the action; anything but a step the library takes (an action
 * out of range, refused, a closed state, not an int) goes to the Python side's
 * refused, which raises the exception with the library's message. */
static PyObject *State_apply_action(StateObject *self, PyObject *action) {
    if (self->sum >= 0 && !PyBool_Check(action)) {
        long a;
        int overflow = 0;
        if (PyLong_Check(action)) {
            a = PyLong_AsLongAndOverflow(action, &overflow);
        } else {
            PyObject *i = PyNumber_Index(action);
            if (i == NULL) {
                PyErr_Clear();
                goto slow;
            }
            a = PyLong_AsLongAndOverflow(i, &overflow);
            Py_DECREF(i);
        }
        if (a == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            goto slow;
        }
        if (!overflow && a >= 0 && a < MAX_ACTIONS) {
            if (forked)
                return raise_forked();
            int r = lib_step(self->h, (int)a, self->legal);
            if (r >= 0) {
                self->sum = r;
                Py_RETURN_NONE;
            }
        }
    }
slow:
    if (forked && self->h)
        return raise_forked();
    return PyObject_CallFunctionObjArgs(py_refused, (PyObject *)self, action, NULL);
}

static PyObject *State_returns(StateObject *self, PyObject *unused) {
    int s = self->sum;
    if (s < 0)
        return raise_closed();
    double r0 = 0.0, r1 = 0.0;
    if (s & SUM_TERMINAL) {
        if (forked)
            return raise_forked();
        int32_t st[STATUS_LEN];
        int rc = lib_status(self->h, st, NULL, 0, NULL, 0);
        if (rc != 0) {
            char err[ERR_CAP];
            err[0] = 0;
            rc = lib_status(self->h, st, NULL, 0, err, ERR_CAP);
            if (rc != 0)
                return raise_code(rc, err);
        }
        if (st[ST_WINNER] == 0) {
            r0 = 1.0;
            r1 = -1.0;
        } else if (st[ST_WINNER] == 1) {
            r0 = -1.0;
            r1 = 1.0;
        }
    }
    return Py_BuildValue("[dd]", r0, r1);
}

static PyObject *State_clone(StateObject *self, PyObject *unused) {
    if (self->sum < 0)
        return raise_closed();
    int64_t h = make(lib_clone, self->h);
    if (h == 0)
        return NULL;
    PyTypeObject *tp = Py_TYPE(self);
    allocfunc alloc = (allocfunc)PyType_GetSlot(tp, Py_tp_alloc);
    StateObject *c = (StateObject *)alloc(tp, 0);
    if (c == NULL) {
        if (!forked)
            lib_free(h, NULL, 0);
        return NULL;
    }
    c->h = h;
    c->sum = self->sum;
    Py_INCREF(self->game);
    c->game = self->game;
    memcpy(c->legal, self->legal, sizeof c->legal);
    return (PyObject *)c;
}

static PyObject *State_get_game(StateObject *self, PyObject *unused) {
    PyObject *g = self->game ? self->game : Py_None;
    Py_INCREF(g);
    return g;
}

static void State_dealloc(StateObject *self) {
    PyTypeObject *tp = Py_TYPE(self);
    if (self->h && !forked)
        lib_free(self->h, NULL, 0);
    self->h = 0;
    Py_CLEAR(self->game);
    freefunc tp_free = (freefunc)PyType_GetSlot(tp, Py_tp_free);
    tp_free(self);
    Py_DECREF(tp);
}

static PyMethodDef State_methods[] = {
    {"_attach", (PyCFunction)State_attach, METH_VARARGS, "_attach(game, h): make this the state of handle h of game, and read it."},
    {"_refresh", (PyCFunction)State_refresh, METH_NOARGS, "Read the state's summary and legal actions again."},
    {"_detach", (PyCFunction)State_detach, METH_NOARGS, "Mark the state closed and return its handle (0 when closed)."},
    {"get_game", (PyCFunction)State_get_game, METH_NOARGS, "The state's game."},
    {"current_player", (PyCFunction)State_current_player, METH_NOARGS,
     "The player (0 or 1) to take the next decision, or -4 (TERMINAL_PLAYER) when the game is over."},
    {"legal_actions", (PyCFunction)(void (*)(void))State_legal_actions, METH_VARARGS | METH_KEYWORDS,
     "The legal actions, in the game's order; none when the game is over (or for the player not to move, when player is given)."},
    {"legal_actions_mask", (PyCFunction)(void (*)(void))State_legal_actions_mask, METH_VARARGS | METH_KEYWORDS,
     "1 for each legal action and 0 for the others, num_distinct_actions() values."},
    {"apply_action", (PyCFunction)State_apply_action, METH_O,
     "Play the decision action. One that is not legal raises IllegalActionError (the state is unchanged); a non-integer raises TypeError."},
    {"is_terminal", (PyCFunction)State_is_terminal, METH_NOARGS, "Whether the game is over."},
    {"is_turn_start", (PyCFunction)State_is_turn_start, METH_NOARGS,
     "Whether the state is at the start of a turn (or the game is over)."},
    {"returns", (PyCFunction)State_returns, METH_NOARGS,
     "Each player's return: +1 for the winner, -1 for the loser, 0 for a draw or while the game goes on."},
    {"clone", (PyCFunction)State_clone, METH_NOARGS, "An independent copy of the state."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef State_members[] = {
    {"_h", T_LONGLONG, offsetof(StateObject, h), READONLY, "The state's handle (0 once closed)."},
    {"_sum", T_INT, offsetof(StateObject, sum), READONLY, "The library's Summary of the state (-1 once closed)."},
    {"_game", T_OBJECT, offsetof(StateObject, game), READONLY, "The state's Game."},
    {NULL, 0, 0, 0, NULL},
};

static PyObject *State_new(PyTypeObject *tp, PyObject *args, PyObject *kwargs) {
    allocfunc alloc = (allocfunc)PyType_GetSlot(tp, Py_tp_alloc);
    StateObject *self = (StateObject *)alloc(tp, 0);
    if (self != NULL) {
        self->h = 0;
        self->sum = -1;
        self->game = NULL;
    }
    return (PyObject *)self;
}

static PyType_Slot State_slots[] = {
    {Py_tp_doc, "The single-state calls of colony_ai.State in C (the base class of State)."},
    {Py_tp_new, State_new},
    {Py_tp_dealloc, State_dealloc},
    {Py_tp_methods, State_methods},
    {Py_tp_members, State_members},
    {0, NULL},
};

static PyType_Spec State_spec = {
    "colony_ai._fast.StateBase",
    sizeof(StateObject),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    State_slots,
};

static PyObject *StateType;

/* new_state(cls, game, game_handle): a new state of cls at the start position, in
 * one call of the library. */
static PyObject *fast_new_state(PyObject *mod, PyObject *args) {
    PyObject *cls, *game;
    long long g;
    if (!PyArg_ParseTuple(args, "OOL:new_state", &cls, &game, &g))
        return NULL;
    if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, (PyTypeObject *)StateType)) {
        PyErr_SetString(PyExc_TypeError, "new_state: cls must be a subclass of StateBase");
        return NULL;
    }
    if (forked)
        return raise_forked();
    PyTypeObject *tp = (PyTypeObject *)cls;
    allocfunc alloc = (allocfunc)PyType_GetSlot(tp, Py_tp_alloc);
    StateObject *s = (StateObject *)alloc(tp, 0);
    if (s == NULL)
        return NULL;
    s->h = 0;
    s->sum = -1;
    s->game = NULL;
    int64_t h = 0;
    int r = lib_start((int64_t)g, &h, s->legal);
    if (r < 0) {
        Py_DECREF(s);
        /* Refused (no game of that handle): colony_state_new says why. */
        h = make(lib_state_new, (int64_t)g);
        if (h == 0)
            return NULL;
        lib_free(h, NULL, 0);
        return raise_code(r, "colony library: cannot make a state");
    }
    set_ref(&s->game, game);
    s->h = h;
    s->sum = r;
    return (PyObject *)s;
}

/* init(addresses, error, refused, fork_error): the library's functions by address
 * (a dict of name to int) and the Python side's callbacks. */
static PyObject *fast_init(PyObject *mod, PyObject *args) {
    PyObject *addrs, *error, *refused, *fork_error;
    if (!PyArg_ParseTuple(args, "OOOO:init", &addrs, &error, &refused, &fork_error))
        return NULL;
    struct {
        const char *name;
        void **fn;
    } want[] = {
        {"colony_state_step", (void **)&lib_step},
        {"colony_state_summary", (void **)&lib_summary},
        {"colony_state_new", (void **)&lib_state_new},
        {"colony_state_start", (void **)&lib_start},
        {"colony_state_clone", (void **)&lib_clone},
        {"colony_state_status", (void **)&lib_status},
        {"colony_free", (void **)&lib_free},
    };
    void *got[sizeof want / sizeof want[0]];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        PyObject *a = PyMapping_GetItemString(addrs, want[i].name);
        if (a == NULL)
            return NULL;
        got[i] = PyLong_AsVoidPtr(a);
        Py_DECREF(a);
        if (got[i] == NULL) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "init: no address for %s", want[i].name);
            return NULL;
        }
    }
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        *want[i].fn = got[i];
    set_ref(&py_error, error);
    set_ref(&py_refused, refused);
    set_ref(&py_fork_error, fork_error);
    Py_RETURN_NONE;
}

static PyObject *fast_set_forked(PyObject *mod, PyObject *unused) {
    forked = 1;
    Py_RETURN_NONE;
}

static PyMethodDef fast_methods[] = {
    {"init", fast_init, METH_VARARGS, "init(addresses, error, refused, fork_error): bind the library's functions."},
    {"new_state", fast_new_state, METH_VARARGS, "new_state(cls, game, game_handle): a new state at the start position."},
    {"set_forked", fast_set_forked, METH_NOARGS, "Cut the library off in a forked child."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef fast_module = {
    PyModuleDef_HEAD_INIT, "colony_ai._fast",
    "The hot calls of a single State in C (the fast path of colony_ai.core).", -1, fast_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fast(void) {
    PyObject *m = PyModule_Create(&fast_module);
    if (m == NULL)
        return NULL;
    StateType = PyType_FromSpec(&State_spec);
    if (StateType == NULL || PyModule_AddObject(m, "StateBase", StateType) < 0) {
        Py_XDECREF(StateType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(StateType);  /* the module's reference was taken by AddObject */
    return m;
}
