/*
 * make tsan-test: two Lua states in two threads, under ThreadSanitizer.
 *
 * The module's C sources are built into this driver with -fsanitize=thread
 * (Lua itself is the system's library, not instrumented: two states share
 * nothing inside Lua, so what TSan can see is the module's own memory). Each
 * of THREADS threads makes ROUNDS fresh lua_States in turn, preloads the
 * module (package.preload.collide2d = luaopen_collide2d, lua/ on
 * package.path for collide2d.bump and collide2d.draw) and runs
 * tools/tsan/workload.lua in them, all threads at once. Exits 0 when every
 * run of the workload passed; any TSan report makes the process exit non-zero
 * (TSAN_OPTIONS=halt_on_error=1 from the Makefile).
 *
 *   tsan workload.lua [rounds] [threads]
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"
#include "../embed.h"

static const char *script;
static int rounds = 20;
static int failures;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg)
{
    int id = (int)(size_t)arg, round;
    for (round = 1; round <= rounds; round++) {
        lua_State *L = luaL_newstate();
        int st;
        if (L == NULL) { fprintf(stderr, "tsan: thread %d: no Lua state\n", id); abort(); }
        luaL_openlibs(L);
        embed_collide2d(L);
        st = luaL_loadfile(L, script);
        if (st == 0) {
            lua_pushinteger(L, id);
            lua_pushinteger(L, round);
            st = lua_pcall(L, 2, 0, 0);
        }
        if (st != 0) {
            pthread_mutex_lock(&lock);
            fprintf(stderr, "tsan: thread %d, round %d: %s\n", id, round, lua_tostring(L, -1));
            failures++;
            pthread_mutex_unlock(&lock);
        }
        lua_close(L);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t[16];
    int threads = 2, i;
    if (argc < 2) { fprintf(stderr, "usage: tsan workload.lua [rounds] [threads]\n"); return 2; }
    script = argv[1];
    if (argc > 2) rounds = atoi(argv[2]);
    if (argc > 3) threads = atoi(argv[3]);
    if (threads < 1 || threads > 16) threads = 2;
    for (i = 0; i < threads; i++)
        if (pthread_create(&t[i], NULL, worker, (void *)(size_t)(i + 1)) != 0) { perror("pthread_create"); return 2; }
    for (i = 0; i < threads; i++) pthread_join(t[i], NULL);
    printf("tsan: %d threads x %d rounds of %s: %s\n", threads, rounds, script, failures ? "FAILED" : "passed");
    return failures ? 1 : 0;
}
