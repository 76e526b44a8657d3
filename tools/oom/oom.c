/*
 * make oom-test: the module under memory pressure.
 *
 * This driver embeds Lua (lua5.4, or LuaJIT with OOM_LUA=luajit), links the
 * module's C sources in (package.preload.collide2d = luaopen_collide2d; the
 * Lua parts come from lua/ on package.path) and replaces malloc, calloc and
 * realloc with a counter that can fail the k-th allocation. The Lua state's
 * allocator is realloc/free, so the interpreter's allocations, the binding's
 * and the C core's own (world.c, bump.c, decompose.c) are counted alike.
 *
 * A recording run (no failure) counts the allocations N of the workload
 * (tools/oom/workload.lua) and writes down the state and the answer of every
 * operation. Then, for every k in 1..N, a forked child runs the workload from
 * scratch in a fresh lua_State with the k-th allocation failing: once (the
 * default), or with OOM_MODE=sticky every allocation from the k-th on until
 * the workload catches the error. The workload checks what it can see (see
 * its header); the driver adds what only it can: a crash or a hang of the
 * child, and a leak (allocations still live after lua_close).
 *
 *   oom [-m once|sticky] [-k K | -f FROM -t TO] [-v] workload.lua transcript
 *
 * prints one line per failing k (with the allocation site of the failure:
 * the C frames, symbolized with addr2line) and a summary; exits 1 when any
 * k failed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"
#include "../embed.h"

/* ---- The allocator ------------------------------------------------------ */

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t n);

static long long calls;    /* allocation calls counted while counting */
static long long fail_at;  /* the call to fail (0: none) */
static int counting;       /* armed and not paused by the workload */
static int injected;       /* the failure was made */
static int sticky;         /* fail every counted call after the first failure too */
static long long live;     /* blocks allocated and not freed */
static int report_fd = -1; /* the child's report goes here */

#define SITE_FRAMES 40
static void *site[SITE_FRAMES];
static int site_n;

static void say(const char *s)
{
    size_t n = strlen(s);
    while (report_fd >= 0 && n > 0) {
        ssize_t w = write(report_fd, s, n);
        if (w <= 0) { if (errno == EINTR) continue; return; }
        s += w;
        n -= (size_t)w;
    }
}

/* The driver's own code (the module is linked in; Lua's allocations come
 * through l_alloc here): between these two addresses. */
extern char __executable_start[], etext[];

/* Should this allocation fail (caller: who called malloc, calloc or realloc). */
static int fail_now(const void *caller)
{
    if (!counting) return 0;
    calls++;
    if (injected && sticky) return 1;
    if (calls != fail_at) return 0;
    injected = 1;
    /* The C frames, when the allocation comes from this executable: one made
     * inside libc (the dynamic loader's, under its lock) is not walked, as
     * backtrace takes that lock too. */
    site_n = 0;
    if ((const char *)caller >= __executable_start && (const char *)caller < etext) {
        counting = 0; /* backtrace must not count */
        site_n = backtrace(site, SITE_FRAMES);
        counting = 1;
    }
    {
        char line[64 + 20 * SITE_FRAMES];
        int i, at = snprintf(line, 64, site_n ? "SITE" : "SITE (inside the C library, called from %lx)", (unsigned long)caller);
        for (i = 1; i < site_n; i++) at += snprintf(line + at, 20, " %lx", (unsigned long)site[i]);
        line[at++] = '\n';
        line[at] = 0;
        say(line);
    }
    return 1;
}

/* Each live block remembers who allocated it, and END is followed by LEAK
 * lines naming the callers of the blocks a run leaves: this executable (the
 * module, or Lua through l_alloc), or the C library's own state (the dynamic
 * loader's error message, which LuaJIT's ffi leaves behind). */
#define TRACE_SLOTS (1 << 17)
static int tracing;
static struct { void *p; const void *by; } traced[TRACE_SLOTS];

static void trace_add(void *p, const void *by)
{
    size_t i = ((size_t)p >> 4) & (TRACE_SLOTS - 1), n;
    if (!tracing || p == NULL) return;
    for (n = 0; n < TRACE_SLOTS && traced[i].p != NULL; n++) i = (i + 1) & (TRACE_SLOTS - 1);
    traced[i].p = p;
    traced[i].by = by;
}

static void trace_drop(void *p)
{
    size_t i = ((size_t)p >> 4) & (TRACE_SLOTS - 1), n;
    if (!tracing || p == NULL) return;
    for (n = 0; n < TRACE_SLOTS; n++, i = (i + 1) & (TRACE_SLOTS - 1)) {
        if (traced[i].p == p) {
            /* move the run after it back, as linear probing needs */
            size_t j = i;
            traced[i].p = NULL;
            for (;;) {
                size_t home;
                j = (j + 1) & (TRACE_SLOTS - 1);
                if (traced[j].p == NULL) return;
                home = ((size_t)traced[j].p >> 4) & (TRACE_SLOTS - 1);
                if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
                    traced[i] = traced[j];
                    traced[j].p = NULL;
                    i = j;
                }
            }
        }
        if (traced[i].p == NULL) return;
    }
}

void *malloc(size_t n)
{
    void *p;
    if (fail_now(__builtin_return_address(0))) return NULL;
    p = __libc_malloc(n);
    if (p != NULL) live++;
    trace_add(p, __builtin_return_address(0));
    return p;
}

void *calloc(size_t n, size_t size)
{
    void *p;
    if (fail_now(__builtin_return_address(0))) return NULL;
    p = __libc_calloc(n, size);
    if (p != NULL) live++;
    trace_add(p, __builtin_return_address(0));
    return p;
}

void free(void *p)
{
    if (p == NULL) return;
    live--;
    trace_drop(p);
    __libc_free(p);
}

void *realloc(void *p, size_t n)
{
    void *q;
    if (p == NULL) {
        if (fail_now(__builtin_return_address(0))) return NULL;
        q = __libc_malloc(n);
        if (q != NULL) live++;
        trace_add(q, __builtin_return_address(0));
        return q;
    }
    if (n == 0) { free(p); return NULL; }
    if (fail_now(__builtin_return_address(0))) return NULL;
    q = __libc_realloc(p, n);
    if (q != NULL && q != p) { trace_drop(p); trace_add(q, __builtin_return_address(0)); }
    return q;
}

/* Aligned allocations are neither counted nor failed, only kept in the live count. */
void *memalign(size_t align, size_t n);
void *memalign(size_t align, size_t n)
{
    void *p = __libc_memalign(align, n);
    if (p != NULL) live++;
    return p;
}
void *aligned_alloc(size_t align, size_t n) { return memalign(align, n); }
int posix_memalign(void **out, size_t align, size_t n)
{
    void *p = memalign(align, n);
    if (p == NULL) return ENOMEM;
    *out = p;
    return 0;
}

/* Lua 5.4 seeds its string hashes with time(NULL): every child must hash alike. */
time_t time(time_t *t)
{
    if (t != NULL) *t = 1;
    return 1;
}

/* LuaJIT seeds its string hashes from getrandom (through syscall): the same
 * bytes every time, for the same reason. Other system calls go through. */
static long (*real_syscall)(long n, ...);
long syscall(long n, ...)
{
    va_list ap;
    long a[6];
    int i;
    va_start(ap, n);
    for (i = 0; i < 6; i++) a[i] = va_arg(ap, long);
    va_end(ap);
#ifdef SYS_getrandom
    if (n == SYS_getrandom) {
        memset((void *)a[0], 0x5a, (size_t)a[1]);
        return a[1];
    }
#endif
    return real_syscall(n, a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* ---- The Lua side: the oom table the workload sees ---------------------- */

static void *l_alloc(void *ud, void *p, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) { free(p); return NULL; }
    return realloc(p, nsize);
}

static int oom_pause(lua_State *L) { (void)L; counting = 0; return 0; }
static int oom_resume(lua_State *L) { (void)L; counting = 1; return 0; }
static int oom_injected(lua_State *L) { lua_pushboolean(L, injected); return 1; }
static int oom_calls(lua_State *L) { lua_pushnumber(L, (lua_Number)calls); return 1; }
static int oom_report(lua_State *L)
{
    const char *s = luaL_checkstring(L, 1);
    say(s);
    say("\n");
    return 0;
}

static int panic(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);
    say("PANIC ");
    say(msg != NULL ? msg : "(no message)");
    say("\n");
    _exit(3);
    return 0;
}

static const luaL_Reg oom_fns[] = {
    { "pause", oom_pause },
    { "resume", oom_resume },
    { "injected", oom_injected },
    { "calls", oom_calls },
    { "report", oom_report },
    { NULL, NULL }
};

/* One run of the workload, with the k-th allocation failing (k = 0: none). */
static void run(long long k, const char *script, const char *transcript, const char *mode)
{
    long long base;
    lua_State *L;
    int st;
    char line[256];
    tracing = 1;
    fail_at = k;
    calls = 0;
    injected = 0;
    counting = 0;
    base = live;
    L = lua_newstate(l_alloc, NULL);
    if (L == NULL) { say("SCRIPT cannot make a Lua state\n"); _exit(4); }
    lua_atpanic(L, panic);
    luaL_openlibs(L);
    embed_collide2d(L);
    lua_newtable(L);
    {
        const luaL_Reg *f;
        for (f = oom_fns; f->name != NULL; f++) {
            lua_pushcfunction(L, f->func);
            lua_setfield(L, -2, f->name);
        }
    }
    lua_pushstring(L, sticky ? "sticky" : "once");
    lua_setfield(L, -2, "mode");
    lua_pushnumber(L, (lua_Number)k);
    lua_setfield(L, -2, "k");
    lua_setglobal(L, "oom");
    if (luaL_loadfile(L, script) != 0) {
        snprintf(line, sizeof line, "SCRIPT cannot load %s: %s\n", script, lua_tostring(L, -1));
        say(line);
        _exit(4);
    }
    lua_pushstring(L, mode);
    lua_pushstring(L, transcript);
    st = lua_pcall(L, 2, 0, 0); /* (the workload counts its operations only: oom.resume) */
    counting = 0;
    if (st != 0) {
        const char *msg = lua_tostring(L, -1);
        say("FAIL script the workload stopped outside an operation :: ");
        say(msg != NULL ? msg : "(no message)");
        say("\n");
    }
    lua_close(L);
    snprintf(line, sizeof line, "END calls=%lld injected=%d leak=%lld\n", calls, injected, live - base);
    say(line);
    if (tracing) {
        size_t i;
        for (i = 0; i < TRACE_SLOTS; i++)
            if (traced[i].p != NULL) {
                snprintf(line, sizeof line, "LEAK %lx\n", (unsigned long)traced[i].by);
                say(line);
            }
    }
}

/* A crash: where, as a CRASH line like SITE's; then the signal's default action. */
static void on_crash(int sig)
{
    void *frames[SITE_FRAMES];
    char line[64 + 20 * SITE_FRAMES];
    int n = backtrace(frames, SITE_FRAMES), i, at = snprintf(line, 64, "CRASH");
    for (i = 1; i < n; i++) at += snprintf(line + at, 20, " %lx", (unsigned long)frames[i]);
    line[at++] = '\n';
    line[at] = 0;
    say(line);
    if (report_fd >= 0) backtrace_symbols_fd(frames + 1, n - 1, report_fd); /* the libraries' frames, by offset */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- The parent ---------------------------------------------------------- */

typedef struct outcome {
    int crashed;       /* a signal, a panic, or no END line */
    int timed_out;
    long long calls, leak;
    int injected, ended;
    char *text;        /* everything the child reported */
} outcome;

static unsigned child_timeout = 20;

/* Run the workload in a child; its report in o. */
static void child(long long k, const char *script, const char *transcript, const char *mode, outcome *o)
{
    int fd[2], status;
    pid_t pid;
    size_t len = 0, cap = 4096;
    char *buf = (char *)__libc_malloc(cap);
    memset(o, 0, sizeof *o);
    if (pipe(fd) != 0) { perror("pipe"); exit(2); }
    fflush(NULL);
    pid = fork();
    if (pid < 0) { perror("fork"); exit(2); }
    if (pid == 0) {
        close(fd[0]);
        report_fd = fd[1];
        signal(SIGSEGV, on_crash);
        signal(SIGBUS, on_crash);
        signal(SIGFPE, on_crash);
        signal(SIGILL, on_crash);
        signal(SIGABRT, on_crash);
        alarm(child_timeout);
        run(k, script, transcript, mode);
        _exit(0);
    }
    close(fd[1]);
    for (;;) {
        ssize_t n;
        if (len + 1024 > cap) { cap *= 2; buf = (char *)__libc_realloc(buf, cap); }
        n = read(fd[0], buf + len, cap - len - 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        len += (size_t)n;
    }
    buf[len] = 0;
    close(fd[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    o->text = buf;
    {
        const char *end = strstr(buf, "\nEND ");
        if (end == NULL && strncmp(buf, "END ", 4) == 0) end = buf - 1;
        if (end != NULL && sscanf(end + 1, "END calls=%lld injected=%d leak=%lld", &o->calls, &o->injected, &o->leak) == 3)
            o->ended = 1;
    }
    if (WIFSIGNALED(status)) {
        o->crashed = WTERMSIG(status);
        if (WTERMSIG(status) == SIGALRM) o->timed_out = 1;
    } else if (WEXITSTATUS(status) != 0 || !o->ended) {
        o->crashed = -1;
    }
}

/* The C frames of a SITE line, one per line, through addr2line. */
static void print_site(const char *text, const char *tag, const char *exe)
{
    const char *s = strstr(text, tag);
    char cmd[8192];
    int at;
    if (s == NULL) {
        if (strcmp(tag, "SITE ") == 0) printf("      (no allocation failed)\n");
        return;
    }
    if (s[strlen(tag)] == '(') {
        const char *e = strchr(s, '\n');
        printf("      %.*s\n", (int)(e ? e - s : (long)strlen(s)) - (int)strlen(tag), s + strlen(tag));
        return;
    }
    at = snprintf(cmd, sizeof cmd, "addr2line -f -i -p -e '%s'", exe);
    s += strlen(tag);
    while (*s && *s != '\n' && at < (int)sizeof cmd - 40) {
        char *end;
        unsigned long a = strtoul(s, &end, 16);
        if (end == s) break;
        at += snprintf(cmd + at, sizeof cmd - (size_t)at, " %lx", a - 1);
        s = end;
        while (*s == ' ') s++;
    }
    at += snprintf(cmd + at, sizeof cmd - (size_t)at, " | sed -e 's/^/      at /' -e 's/ (inlined by) /\\n         inlined in /' | grep -v '?? ??:0' | head -14");
    fflush(stdout);
    if (system(cmd) != 0) printf("      (addr2line failed)\n");
    fflush(stdout);
}

/* The report's lines that say what went wrong (FAIL, PANIC, the last op). */
static void print_lines(const char *text, const char *prefix, int max)
{
    const char *s = text;
    int shown = 0;
    while (*s && shown < max) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        if (strncmp(s, prefix, strlen(prefix)) == 0) {
            printf("    %.*s\n", (int)(n > 600 ? 600 : n), s);
            shown++;
        }
        s += n + (e ? 1 : 0);
    }
}

static const char *last_op(const char *text, char *out, size_t cap)
{
    const char *s = text, *found = NULL;
    while ((s = strstr(s, "OP ")) != NULL) {
        if (s == text || s[-1] == '\n') found = s;
        s += 3;
    }
    if (found == NULL) { snprintf(out, cap, "(before the first operation)"); return out; }
    {
        const char *e = strchr(found, '\n');
        size_t n = e ? (size_t)(e - found) : strlen(found);
        snprintf(out, cap, "%.*s", (int)n - 3, found + 3);
    }
    return out;
}

enum { C_CRASH, C_LEAK, C_CHANGED, C_MESSAGE, C_INCONSISTENT, C_DIVERGED, C_NOINJECT, C_SCRIPT, C_STDLIB, C_KINDS };
static const char *const kind_names[C_KINDS] = {
    "crash", "leak", "changed", "message", "inconsistent", "diverged", "noinject", "script", "stdlib"
};

static int usage(void)
{
    fprintf(stderr, "usage: oom [-m once|sticky] [-k K | -f FROM -t TO] [-v] [-n MAX_SHOWN] workload.lua transcript\n");
    return 2;
}

int main(int argc, char **argv)
{
    long long from = 1, to = -1, k, n;
    int opt, verbose = 0, max_shown = 12, shown[C_KINDS] = { 0 }, count[C_KINDS] = { 0 }, bad = 0, i;
    long long not_reached = 0, stops = 0, absorbed = 0;
    const char *script, *transcript;
    char exe[4096];
    outcome o;
    struct timespec t0, t1;
    ssize_t el = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[el > 0 ? el : 0] = 0;
    while ((opt = getopt(argc, argv, "m:k:f:t:vn:T:")) != -1) {
        switch (opt) {
        case 'm':
            if (strcmp(optarg, "sticky") == 0) sticky = 1;
            else if (strcmp(optarg, "once") != 0) return usage();
            break;
        case 'k': from = to = atoll(optarg); break;
        case 'f': from = atoll(optarg); break;
        case 't': to = atoll(optarg); break;
        case 'v': verbose = 1; break;
        case 'n': max_shown = atoi(optarg); break;
        case 'T': child_timeout = (unsigned)atoi(optarg); break;
        default: return usage();
        }
    }
    if (argc - optind != 2) return usage();
    script = argv[optind];
    transcript = argv[optind + 1];
    {
        /* Made once per process, kept for good: not in a child's count of
         * live blocks. backtrace loads libgcc on its first call, and a failed
         * dlsym (LuaJIT's ffi looks symbols up) leaves glibc's dlerror buffer. */
        void *warm[4];
        backtrace(warm, 4);
        *(void **)&real_syscall = dlsym(RTLD_NEXT, "syscall");
        (void)dlsym(RTLD_DEFAULT, "c2d_oom_no_such_symbol");
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);

    child(0, script, transcript, "record", &o);
    if (o.crashed || !o.ended || strstr(o.text, "FAIL ") != NULL) {
        printf("oom: the recording run (no failure) did not pass:\n%s\n", o.text);
        return 1;
    }
    if (o.leak != 0) {
        printf("oom: the recording run (no failure) leaks %lld allocations\n", o.leak);
        bad = 1;
    }
    n = o.calls;
    printf("oom: %s mode, %lld allocations in the workload\n", sticky ? "sticky" : "once", n);
    __libc_free(o.text);
    if (to < 0 || to > n) to = n;

    for (k = from; k <= to; k++) {
        int kinds[C_KINDS] = { 0 }, any = 0;
        child(k, script, transcript, "check", &o);
        if (o.crashed) kinds[C_CRASH] = 1;
        if (o.ended && o.leak != 0) {
            /* ours when a leaked block was allocated from this executable */
            const char *l = o.text;
            int ours = 0;
            while ((l = strstr(l, "LEAK ")) != NULL) {
                unsigned long a = strtoul(l + 5, NULL, 16);
                if ((char *)a >= __executable_start && (char *)a < etext) ours = 1;
                l += 5;
            }
            kinds[ours ? C_LEAK : C_STDLIB] = 1;
        }
        for (i = C_CHANGED; i < C_KINDS; i++) {
            char tag[64];
            snprintf(tag, sizeof tag, "FAIL %s ", kind_names[i]);
            if (strstr(o.text, tag) != NULL) kinds[i] = 1;
        }
        if (o.ended && !o.injected) not_reached++;
        if (strstr(o.text, "\nSTOP ") != NULL || strncmp(o.text, "STOP ", 5) == 0) stops++;
        if (strstr(o.text, "\nABSORBED ") != NULL) absorbed++;
        for (i = 0; i < C_KINDS; i++) {
            if (!kinds[i]) continue;
            count[i]++;
            if (i != C_STDLIB) any = 1;
        }
        if (any) bad = 1;
        if (any || verbose) {
            int show = verbose;
            for (i = 0; i < C_KINDS; i++)
                if (kinds[i] && i != C_STDLIB && shown[i] < max_shown) { shown[i]++; show = 1; }
            if (show) {
                char op[256];
                printf("k=%lld:", k);
                for (i = 0; i < C_KINDS; i++) if (kinds[i]) printf(" %s", kind_names[i]);
                if (o.crashed > 0) printf(" (signal %d%s)", o.crashed, o.timed_out ? ", timed out" : "");
                else if (o.crashed < 0) printf(" (exit without END)");
                if (o.ended && o.leak) printf(" (%lld blocks leaked)", o.leak);
                printf("  op: %s\n", last_op(o.text, op, sizeof op));
                print_lines(o.text, "FAIL ", 4);
                print_lines(o.text, "PANIC ", 2);
                printf("    the allocation that failed:\n");
                print_site(o.text, "SITE ", exe);
                if (strstr(o.text, "CRASH ") != NULL) printf("    the crash:\n");
                print_site(o.text, "CRASH ", exe);
                print_lines(o.text, "/lib", 8); /* frames in the libraries (Lua's), from the crash */
                if (kinds[C_LEAK] && strstr(o.text, "LEAK ") != NULL) {
                    printf("    the leaked blocks' allocators:\n");
                    print_site(o.text, "LEAK ", exe);
                    print_lines(o.text, "LEAK ", 6);
                }
            }
        }
        __libc_free(o.text);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("oom: k = %lld..%lld in %.1f s: %lld stopped with an out-of-memory error, %lld absorbed the failure, %lld never reached it\n",
           from, to, (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec), stops, absorbed, not_reached);
    for (i = 0; i < C_KINDS; i++)
        if (count[i]) printf("oom:   %-12s %d k%s%s\n", kind_names[i], count[i], count[i] == 1 ? "" : "s",
                             i == C_STDLIB ? " (the Lua or C library's own answer to a failed allocation: require finding no file, a block the dynamic loader keeps; not counted as a failure)" : "");
    printf("oom: %s\n", bad ? "FAILED" : "passed");
    return bad ? 1 : 0;
}
