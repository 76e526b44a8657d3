# collide2d: one C source tree, five Lua runtimes.
#   make [LUA=lua5.4|lua5.3|lua5.2|lua5.1|luajit]   build build/$(LUA)/collide2d.so
#   make test [LUA=...]    run the busted specs under that runtime
#   make test-c | example-c   the C API's tests and the docs' C examples | a C engine sharing its World with Lua (examples/c)
#   make test-all          the specs under all five runtimes (LuaJIT twice: FFI and C API backends)
#   make determinism       the same seeded queries under every runtime and backend: their answers' hashes must agree
#   make determinism-arm64 the same corpus on Linux arm64 under qemu (cross-built; installs what it needs)
#   make lint              luacheck over the Lua of lua/ spec/ bench/ examples/ tools/ library/ (.luacheckrc)
#   make core              build/core/libcollide2d_core.so: the C core alone (no Lua), for C and C++ engines
#   make demo | bench | clean
#   make bench-core        ns per call of the C core alone (no Lua)
#   make bench-trig        ns per call of the core's own sin, cos, atan2, acos beside the C library's
#   make bench-world [BUMP_LUA=...]   the World against a naive loop and bump.lua
#   make bench-tiles [BUMP_LUA=...]   a 1,000 x 1,000 tile layer against one AABB per tile (World, bump.lua)
#   make bench-sight       50 guards' w:visible over 2,000 shapes, a frame
#   make bench-navmesh     navigation meshes built and paths asked over 25 to 400 walls [SLICK_PATH=...]
#   make bench-broadphase  the World's grid against a dynamic AABB tree, in C, and the scene stepped several ways
#   make stack-usage       the stack frame of each function of the C core
#   make bench-bump [BUMP_LUA=/path/to/bump.lua]   collide2d.bump against bump.lua
#   make bump-diff BUMP_LUA=/path/to/bump.lua [BUMP_DIFF_OPS=1000000]   collide2d.bump answers as bump.lua does, op by op
#   make bump-suite BUMP_LUA=/path/to/bump.lua   bump.lua's own specs (its spec/ folder) against collide2d.bump
#   make check             make determinism, the specs under ASan+UBSan and valgrind, make oom-test, make tsan-test, then a ~7 min fuzz run
#   make oom-test [OOM_LUA=luajit] [OOM_MODES=once|sticky]   every allocation of a workload failed in turn
#   make tsan-test [TSAN_ROUNDS=20]   two Lua states in two threads under ThreadSanitizer
#   make love-test         checks inside a headless LÖVE (installs love when missing)
#   make dist              build/dist/collide2d-<version>.zip: the folder a LÖVE game copies (Linux x86_64 and arm64, Windows x86_64, macOS arm64 and x86_64)
#   make dist-check [WIN_LUAJIT=dir]   the Windows DLL under wine (with dir: also as a Lua module, and the determinism corpus), the zip's folder in headless LÖVE games
#   make rock [LUA=...]    build/rock/: the release's source archive, its .src.rock, a binary rock for $(LUA)
#   make rock-check        the rocks installed in fresh trees and required, under every runtime
#   make rockspec          rockspec/collide2d-<version>-1.rockspec from the scm rockspec and the sources below
#   make fuzz [FUZZ_TIME=120] | fuzz-coverage    fuzz the C core; its coverage of src/
LUA      ?= lua5.4
RUNTIMES := lua5.1 lua5.2 lua5.3 lua5.4 luajit luajit-capi c
BUILD    := build/$(LUA)
SO       := $(BUILD)/collide2d.so
CORE_LIB := build/core/libcollide2d_core.so

ifeq ($(LUA),luajit)
LUA_INC  ?= /usr/include/luajit-2.1
else
LUA_INC  ?= /usr/include/$(LUA)
endif

CC       ?= cc
OPT      ?= -O2
WARN     := -Wall -Wextra -pedantic -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS   ?=
# No fused multiply-add: bump.c must round each product as Lua does.
FP_FLAGS := -ffp-contract=off
ALL_CFLAGS := -std=c99 $(OPT) -fPIC $(WARN) $(FP_FLAGS) $(CFLAGS)
LDFLAGS  ?=

CORE_SRC := src/shape.c src/hull.c src/sort.c src/exact.c src/trig.c src/body.c src/decompose.c src/compound_shape.c src/tile_shape.c src/compound_query.c src/compound_contact.c src/compound_regions.c src/covers.c src/turning.c src/turning_steps.c src/turning_pieces.c src/mass.c src/manifold.c src/clip.c src/push_back.c src/feature.c src/gjk.c src/features.c src/overlap.c src/query.c src/contact.c src/first_touch.c src/sweep.c src/raycast.c src/dispatch.c src/tiles.c src/flat.c src/transform.c src/world.c src/world_query.c src/world_pairs.c src/world_move.c src/sight.c src/visibility.c src/sight_from.c src/navmesh.c src/navmesh_path.c src/controller.c src/bump.c src/bump_rect.c
BIND_SRC := src/lua_collide2d.c src/lua_tiles.c src/lua_world.c src/lua_bump.c
HEADERS  := $(wildcard src/*.h)

# Where the specs find the module and the pure-Lua submodules.
RUN_ENV  := LUA_CPATH='$(BUILD)/?.so;;' LUA_PATH='lua/?.lua;lua/?/init.lua;spec/?.lua;;'

.PHONY: all test test-all determinism determinism-arm64 print-sources lint deps-lint core love-test love-demo love-shot deps-love dist dist-check deps-dist deps-dist-check rock rock-check rockspec deps-rock demo bench bench-world bench-tiles bench-sight bench-navmesh bench-broadphase bench-core bench-trig stack-usage bench-bump bump-diff bump-suite ffi-decls test-c example-c oom-test deps-oom tsan-test deps-tsan clean deps deps-all check deps-check fuzz fuzz-coverage FORCE

all: $(SO)

$(SO): $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-build
	@mkdir -p $(BUILD)
	$(CC) $(ALL_CFLAGS) -I$(LUA_INC) -shared -o $@ $(CORE_SRC) $(BIND_SRC) $(LDFLAGS) -lm

deps-build:
	@sh tools/deps.sh $(LUA) build

deps:
	@sh tools/deps.sh $(LUA) test

# Static checks of the Lua code (settings and the reasons for them in .luacheckrc).
LINT_DIRS := lua spec bench examples tools library
lint: | deps-lint
	luacheck --quiet --codes --no-color $(LINT_DIRS)

deps-lint:
	@sh tools/deps.sh $(LUA) lint

# C programs that embed the runtime: linked with its library.
LUA_LIB  = $(if $(filter luajit,$(LUA)),luajit-5.1,$(LUA))
C_TEST  := $(BUILD)/world_test
# What the docs' C examples link (make test-c): the core's objects, built once
# for every runtime, and the binding's, built for $(LUA), as static libraries.
DOCS_C_CORE := build/docs-c/libcollide2d_core.a
DOCS_C_BIND := $(BUILD)/docs-c/libcollide2d_lua.a

# The C API's own tests and the docs' C examples run first (make test-c: their
# own "N passed, N failed" line, then the examples' report), then the specs.
test: deps $(SO) test-c
	@$(RUN_ENV) $(LUA) tools/busted.lua

# The C API's tests, then tools/docs_c.lua: every ```c block of README.md and
# docs/*.md compiled with cc -std=c99 -Wall -Wextra -pedantic -Werror -Isrc
# against the core (a block that includes collide2d_lua.h: also the binding and
# $(LUA)), run, and its output compared with the ```text block after it; and
# docs/c-api.md checked to give every signature of the public headers.
# (test-all counts the C tests once, as its runtime "c".)
test-c: $(C_TEST) $(DOCS_C_CORE) $(DOCS_C_BIND) | deps
	@$(RUN_ENV) $(C_TEST)
	@$(RUN_ENV) $(LUA) tools/docs_c.lua cc='$(CC)' out=$(BUILD)/docs-c/examples core='$(DOCS_C_CORE) -lm' \
	  lua='-I$(LUA_INC) $(DOCS_C_BIND) $(DOCS_C_CORE) -l$(LUA_LIB) -lm'

build/docs-c/obj/%.o: src/%.c $(HEADERS) | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/docs-c/obj/%.o: src/%.c $(HEADERS) | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I$(LUA_INC) -c -o $@ $<

$(DOCS_C_CORE): $(patsubst src/%.c,build/docs-c/obj/%.o,$(CORE_SRC))
	@rm -f $@ && ar rcs $@ $^

$(DOCS_C_BIND): $(patsubst src/%.c,$(BUILD)/docs-c/obj/%.o,$(BIND_SRC))
	@rm -f $@ && ar rcs $@ $^

# A C engine whose scripts share its World (examples/c/platform.c).
example-c: $(BUILD)/platform
	@$(RUN_ENV) $(BUILD)/platform

$(C_TEST): spec/c/world_test.c $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-build
	@mkdir -p $(BUILD)
	$(CC) $(ALL_CFLAGS) -Isrc -I$(LUA_INC) -o $@ spec/c/world_test.c $(CORE_SRC) $(BIND_SRC) $(LDFLAGS) -l$(LUA_LIB) -lm

$(BUILD)/platform: examples/c/platform.c $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-build
	@mkdir -p $(BUILD)
	$(CC) $(ALL_CFLAGS) -Isrc -I$(LUA_INC) -o $@ examples/c/platform.c $(CORE_SRC) $(BIND_SRC) $(LDFLAGS) -l$(LUA_LIB) -lm

test-all:
	@sh tools/test-all.sh $(RUNTIMES)

# The same seeded corpus of queries (every kind, every query, a World and a
# collide2d.bump session; tools/determinism.lua) under every runtime and both
# LuaJIT backends: the answers' hashes must all be equal.
DETERMINISM_RUNTIMES := lua5.1 lua5.2 lua5.3 lua5.4 luajit luajit-capi
determinism:
	@sh tools/determinism.sh $(DETERMINISM_RUNTIMES)

# The same corpus on Linux arm64 under qemu (tools/determinism_arm64.sh; not in CI).
determinism-arm64:
	@sh tools/determinism_arm64.sh

print-sources:
	@echo $(CORE_SRC) $(BIND_SRC)

# The core alone, as a shared library with no Lua in it, for C and C++ engines
# that link the core. It exports the functions of collide2d.h and of bump.h
# (the bump-compatible grid) and nothing else: a version script made from the
# headers, as the Windows DLL's .def is made from collide2d.h.
EXPORTS  = sed -n 's/^[a-z_].*[ *]\(c2d_[a-z0-9_]*\)(.*/\1/p'
CORE_API := src/collide2d.h src/bump.h

core: $(CORE_LIB)

build/core/exports.map: $(CORE_API) Makefile
	@mkdir -p $(dir $@)
	@{ echo "{ global:"; $(EXPORTS) $(CORE_API) | sed 's/.*/    &;/'; echo "  local: *; };"; } >$@

$(CORE_LIB): $(CORE_SRC) $(HEADERS) build/core/exports.map | deps-build
	$(CC) $(ALL_CFLAGS) -shared -Wl,--version-script=build/core/exports.map -o $@ $(CORE_SRC) $(LDFLAGS) -lm

demo: deps $(SO)
	@$(RUN_ENV) $(LUA) examples/tour.lua

bench: $(SO)
	@$(RUN_ENV) $(LUA) bench/hits.lua

# Headless LÖVE: the module and collide2d.draw's pure part checked inside LÖVE
# (LuaJIT), with no window, under both backends; love is installed when missing.
love-test: | deps-love
	@$(MAKE) --no-print-directory LUA=luajit all
	@for backend in ffi capi; do echo "== LÖVE, $$backend backend"; \
	  COLLIDE2D_BACKEND=$$backend COLLIDE2D_CPATH='$(CURDIR)/build/luajit/?.so' COLLIDE2D_PATH='$(CURDIR)/lua/?.lua' \
	  XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-/tmp} timeout 120 love examples/love/test || exit 1; done

deps-love:
	@sh tools/deps.sh luajit love

# The demo: every seed scenario playable (Tab switches scenes).
love-demo: | deps-love
	@$(MAKE) --no-print-directory LUA=luajit all
	@COLLIDE2D_CPATH='$(CURDIR)/build/luajit/?.so' COLLIDE2D_PATH='$(CURDIR)/lua/?.lua' love examples/love

# A picture of each scene of the demo, under a virtual display, into build/shots/.
love-shot: | deps-love
	@$(MAKE) --no-print-directory LUA=luajit all
	@command -v xvfb-run >/dev/null 2>&1 || sh tools/deps.sh luajit xvfb
	@rm -rf "$${XDG_DATA_HOME:-$$HOME/.local/share}/love/collide2d-demo" && mkdir -p build/shots
	@COLLIDE2D_SHOTS=1 COLLIDE2D_CPATH='$(CURDIR)/build/luajit/?.so' COLLIDE2D_PATH='$(CURDIR)/lua/?.lua' \
	  XDG_RUNTIME_DIR=$${XDG_RUNTIME_DIR:-/tmp} timeout 120 xvfb-run -a -s '-screen 0 1024x768x24' love examples/love
	@cp "$${XDG_DATA_HOME:-$$HOME/.local/share}/love/collide2d-demo"/shot-*.png build/shots/ && ls build/shots

# Shipping to LÖVE games. The zip holds one folder, collide2d/: the Lua parts
# (init.lua finds the native library), LICENSE, linux-x64/collide2d.so (built
# for LuaJIT), linux-arm64/collide2d.so (cross-built with aarch64-linux-gnu-gcc,
# the same flags) and windows-x64/collide2d.dll (cross-built with mingw-w64).
# The DLL exports the C core (c2d_*) and luaopen_collide2d; the Lua API comes
# from lua51.dll through a delay-load import library, so the DLL loads where
# there is no Lua (its core answers) and is a Lua module where lua51.dll is
# loaded (LÖVE, LuaJIT). The import library is made from the lua_*/luaL_*
# symbols the binding's objects leave undefined.
VERSION  := $(shell sed -n 's/.*lua_pushliteral(L, "\([0-9][0-9.]*\)");.*/\1/p' src/lua_collide2d.c | head -1)
MINGW    ?= x86_64-w64-mingw32-
WIN      := build/windows-x64
DLL      := $(WIN)/collide2d.dll
WIN_OBJ  := $(patsubst src/%.c,$(WIN)/obj/%.o,$(CORE_SRC) $(BIND_SRC))
DIST     := build/dist
DIST_ZIP := $(DIST)/collide2d-$(VERSION).zip
ARM64    := build/linux-arm64
ARM64_SO := $(ARM64)/collide2d.so
AARCH64  ?= aarch64-linux-gnu-
# macOS, cross-built by zig cc (tools/dist/zig.sh fetches a pinned zig).
ZIG      ?= build/zig/zig
MAC_ARM64_SO := build/osx-arm64/collide2d.so
MAC_X64_SO   := build/osx-x64/collide2d.so

dist: | deps-dist
	@$(MAKE) --no-print-directory LUA=luajit all
	@$(MAKE) --no-print-directory $(DLL) $(ARM64_SO) $(MAC_ARM64_SO) $(MAC_X64_SO)
	@rm -rf $(DIST) && mkdir -p $(DIST)/collide2d/linux-x64 $(DIST)/collide2d/linux-arm64 $(DIST)/collide2d/windows-x64 \
	  $(DIST)/collide2d/osx-arm64 $(DIST)/collide2d/osx-x64
	@cp lua/collide2d/*.lua LICENSE $(DIST)/collide2d/
	@strip -o $(DIST)/collide2d/linux-x64/collide2d.so build/luajit/collide2d.so
	@$(AARCH64)strip -o $(DIST)/collide2d/linux-arm64/collide2d.so $(ARM64_SO)
	@cp $(DLL) $(DIST)/collide2d/windows-x64/
	@cp $(MAC_ARM64_SO) $(DIST)/collide2d/osx-arm64/
	@cp $(MAC_X64_SO) $(DIST)/collide2d/osx-x64/
	@cd $(DIST) && zip -qrX collide2d-$(VERSION).zip collide2d
	@echo "$(DIST_ZIP):" && unzip -l $(DIST_ZIP) | sed -n 's/^ *\([0-9]\+\) .* \(collide2d\/.*[^/]\)$$/  \2  (\1 bytes)/p'

# Linux arm64 (a Raspberry Pi, an arm64 handheld, LÖVE on an arm64 desktop):
# the module as the x86_64 one is built, for LuaJIT's headers.
$(ARM64_SO): $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-dist
	@mkdir -p $(ARM64)
	$(AARCH64)gcc -std=c99 $(OPT) $(WARN) $(FP_FLAGS) -fPIC -shared -I/usr/include/luajit-2.1 -o $@ $(CORE_SRC) $(BIND_SRC) -lm

# macOS (Apple silicon, and Intel from 10.13): the same flags, by zig cc. Lua's
# API is left to the process that loads the library (LÖVE's LuaJIT), as Lua
# modules on macOS are linked; the rest comes from libSystem. Not run here:
# make dist-check checks their structure (tools/dist/macos_check.sh).
$(ZIG):
	@sh tools/dist/zig.sh $(dir $(ZIG))

MAC_FLAGS = -std=c99 $(OPT) $(WARN) $(FP_FLAGS) -fPIC -shared -I/usr/include/luajit-2.1 \
	-Wl,-undefined,dynamic_lookup -Wl,-install_name,collide2d.so

$(MAC_ARM64_SO): $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-dist $(ZIG)
	@mkdir -p $(dir $@)
	$(ZIG) cc -target aarch64-macos.11.0 $(MAC_FLAGS) -s -o $@ $(CORE_SRC) $(BIND_SRC)

$(MAC_X64_SO): $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-dist $(ZIG)
	@mkdir -p $(dir $@)
	$(ZIG) cc -target x86_64-macos.10.13 $(MAC_FLAGS) -s -o $@ $(CORE_SRC) $(BIND_SRC)

$(WIN)/obj/%.o: src/%.c $(HEADERS) | deps-dist
	@mkdir -p $(dir $@)
	$(MINGW)gcc -std=c99 $(OPT) $(WARN) $(FP_FLAGS) -I/usr/include/luajit-2.1 -c -o $@ $<

$(WIN)/lua51.def: $(WIN_OBJ)
	@{ echo "LIBRARY lua51.dll"; echo "EXPORTS"; \
	  $(MINGW)nm -u $(WIN_OBJ) | awk '$$1 == "U" && $$2 ~ /^luaL?_/ { print "    " $$2 }' | sort -u; } >$@

$(WIN)/liblua51-delay.a: $(WIN)/lua51.def
	$(MINGW)dlltool -d $< -D lua51.dll -y $@

# Exports: the functions of collide2d.h, and the Lua entry.
$(WIN)/collide2d.def: src/collide2d.h
	@mkdir -p $(dir $@)
	@{ echo "EXPORTS"; $(EXPORTS) src/collide2d.h | sed 's/^/    /'; \
	  echo "    luaopen_collide2d"; } >$@

$(DLL): $(WIN_OBJ) $(WIN)/collide2d.def $(WIN)/liblua51-delay.a
	$(MINGW)gcc -shared -s -static-libgcc -o $@ $(WIN_OBJ) $(WIN)/collide2d.def $(WIN)/liblua51-delay.a

deps-dist:
	@sh tools/deps.sh luajit dist

deps-dist-check:
	@sh tools/deps.sh luajit dist-check

# The DLL under wine (no Lua there): a C program loads it and checks answers
# worked out by hand. Then headless LÖVE games holding the zip's folder: as a
# folder, as a .love, fused, and with the library beside the .love or the
# executable or in the save directory. WIN_LUAJIT=dir (a Windows LuaJIT:
# luajit.exe, lua51.dll) also runs the DLL as a Lua module under wine, and
# the determinism corpus there under both backends, which must hash as the
# Linux x86_64 build does in the same run. To make that dir from a LuaJIT
# source tree (the v2.1 branch, as LÖVE ships), cross-built with mingw-w64:
#   sh tools/dist/win_luajit.sh path/to/LuaJIT build/win-luajit
#   make dist-check WIN_LUAJIT=build/win-luajit
# Then the Linux arm64 library under qemu (tools/dist/arm64_check.sh): its
# exports and imports, the spec suite and the determinism corpus. Then the
# macOS libraries' structure (tools/dist/macos_check.sh: no Mac runs them here).
dist-check: dist | deps-dist-check
	$(MINGW)gcc -std=c99 $(OPT) $(WARN) -Isrc -o $(WIN)/dll_check.exe tools/dist/dll_check.c
	@WIN_LUAJIT='$(WIN_LUAJIT)' sh tools/dist/check.sh $(DIST_ZIP) $(WIN)/dll_check.exe
	@sh tools/dist/arm64_check.sh build/dist-check/unzipped/collide2d
	@sh tools/dist/macos_check.sh build/dist-check/unzipped/collide2d

# The release for LuaRocks (tools/rock.sh), in build/rock/:
#   collide2d-$(VERSION).tar.gz       git archive of HEAD, under collide2d-$(VERSION)/
#                                     (the same bytes for the same commit)
#   collide2d-$(VERSION)-1.src.rock   that archive beside the release rockspec
#   $(LUA)/collide2d-$(VERSION)-1.<platform>.rock   a binary rock: the .src.rock
#                                     installed by luarocks for $(LUA) into a fresh tree, packed
# The release rockspec names the archive by its file name alone: luarocks finds
# it in the .src.rock, or in the current folder for `luarocks build` of the
# rockspec. tools/rockspec.lua writes it (make rockspec) from the scm rockspec,
# $(VERSION) and CORE_SRC, BIND_SRC, and removes one of another version;
# spec/build_spec.lua checks it, and make rock stops when it is not committed
# so (the archive is HEAD's).
# make rock-check (tools/rock_check.sh; some 3.5 minutes here): make rock for
# every runtime of ROCK_LUAS, the .src.rock and the binary rock each installed
# in a fresh tree, and tools/rock_smoke.lua there: collide2d, collide2d.bump
# and collide2d.draw required and answering.
ROCKSPEC  := rockspec/collide2d-$(VERSION)-1.rockspec
ROCK_LUAS ?= lua5.1 lua5.2 lua5.3 lua5.4 luajit

rockspec: | deps-rock
	@mkdir -p build && $(LUA) tools/rockspec.lua $(VERSION) $(CORE_SRC) $(BIND_SRC) >build/rockspec.tmp
	@cmp -s build/rockspec.tmp $(ROCKSPEC) && rm build/rockspec.tmp || { mv build/rockspec.tmp $(ROCKSPEC) && echo "wrote $(ROCKSPEC)"; }
	@for f in rockspec/collide2d-*-1.rockspec; do case $$f in $(ROCKSPEC)|*-scm-1.rockspec) ;; \
	  *) grep -q '^-- Written by make rockspec' $$f && rm $$f && echo "removed $$f (not version $(VERSION))";; esac; done; true

rock: rockspec | deps-rock
	@sh tools/rock.sh $(VERSION) $(LUA)

rock-check: rockspec | deps-rock
	@sh tools/rock_check.sh $(VERSION) $(ROCK_LUAS)

deps-rock:
	@sh tools/deps.sh $(LUA) rock

# The C core alone, on the workloads a game calls most.
bench-core: build/bench-core
	@build/bench-core

build/bench-core: bench/core.c bench/bench.h $(CORE_SRC) $(HEADERS) | deps-build
	@mkdir -p build
	$(CC) -std=c99 $(OPT) $(WARN) $(FP_FLAGS) -Isrc -o $@ bench/core.c $(CORE_SRC) -lm

# The core's own sin, cos, atan2 and acos (src/trig.c) beside the C
# library's, and what calls them: a Box built turned, and turned.
bench-trig: build/bench-trig
	@build/bench-trig

build/bench-trig: bench/trig.c bench/bench.h $(CORE_SRC) $(HEADERS) | deps-build
	@mkdir -p build
	$(CC) -std=c99 $(OPT) $(WARN) $(FP_FLAGS) -Isrc -o $@ bench/trig.c $(CORE_SRC) -lm

# The World's grid against a dynamic AABB tree prototype, C alone; then the
# benchmark scene stepped several ways, learnable and not, beside 10,000 shapes.
bench-broadphase: build/bench-broadphase
	@build/bench-broadphase

build/bench-broadphase: bench/broadphase.c bench/bench.h $(CORE_SRC) $(HEADERS) | deps-build
	@mkdir -p build
	$(CC) -std=c99 $(OPT) $(WARN) $(FP_FLAGS) -Isrc -o $@ bench/broadphase.c $(CORE_SRC) -lm

# Each core function's stack frame (gcc -fstack-usage), largest first.
stack-usage: | deps-build
	@rm -rf build/stack && mkdir -p build/stack
	@for f in $(CORE_SRC); do $(CC) -std=c99 $(OPT) $(FP_FLAGS) -fstack-usage -c $$f -o build/stack/$$(basename $$f .c).o || exit 1; done
	@cat build/stack/*.su | awk -F'\t' '{ n = split($$1, p, ":"); printf "%8d  %s%s\n", $$2, p[n], $$3 ~ /dynamic/ ? "  (+ room sized by the shapes)" : "" }' | sort -rn

# The World against a naive loop, its growth, and movement (BUMP_LUA=/path/to/bump.lua compares bump.lua).
bench-world: $(SO)
	@$(RUN_ENV) BUMP_LUA='$(BUMP_LUA)' $(LUA) bench/world.lua

# A tile layer against one AABB per tile, in a World and in bump.lua (BUMP_LUA=/path/to/bump.lua).
bench-tiles: $(SO)
	@$(RUN_ENV) BUMP_LUA='$(BUMP_LUA)' $(LUA) bench/tiles.lua

# 50 guards' view fans over 2,000 shapes, a frame (w:visible, w:sees, 41 rays by hand).
bench-sight: $(SO)
	@$(RUN_ENV) $(LUA) bench/sight.lua

# SLICK_PATH=/path/to/a/slick/checkout also times slick's navigation mesh (under LuaJIT or Lua 5.1).
bench-navmesh: $(SO)
	@SLICK_PATH='$(SLICK_PATH)' $(RUN_ENV) $(LUA) bench/navmesh.lua

# BUMP_LUA=/path/to/bump.lua also times bump.lua itself on the same scene.
bench-bump: $(SO)
	@$(RUN_ENV) BUMP_LUA='$(BUMP_LUA)' $(LUA) bench/bump.lua

# The FFI front end's declarations, from the C headers (spec/build_spec.lua checks them).
ffi-decls: | deps
	@$(LUA) tools/ffi_decls.lua src/collide2d.h src/lua_ffi.h >lua/collide2d/ffi_decls.lua

# collide2d.bump against bump.lua (BUMP_LUA=/path/to/bump.lua), operation by
# operation, in seeded random worlds; ends "bump-diff: N operations, N worlds, N differences".
BUMP_DIFF_OPS  ?= 1000000
BUMP_DIFF_SEED ?= 1
bump-diff: $(SO)
	@$(RUN_ENV) $(LUA) tools/bumpdiff.lua '$(BUMP_LUA)' $(BUMP_DIFF_OPS) $(BUMP_DIFF_SEED)

# bump.lua's own specs (the spec/ folder beside BUMP_LUA) with require "bump" giving collide2d.bump.
bump-suite: $(SO)
	@mkdir -p build/bump-suite && echo 'return require "collide2d.bump"' >build/bump-suite/bump.lua
	@cd "$$(dirname '$(BUMP_LUA)')" && LUA_CPATH='$(CURDIR)/$(BUILD)/?.so;;' \
	  LUA_PATH='$(CURDIR)/build/bump-suite/?.lua;$(CURDIR)/lua/?.lua;$(CURDIR)/lua/?/init.lua;;' \
	  $(LUA) -e 'arg = { [0] = "busted", "spec" } require "busted.runner" { standalone = false }'

clean:
	rm -rf build

# Hardening. The specs run against a module built with ASan and UBSan (any report
# aborts), then under valgrind against the normal build, then make oom-test
# (Lua 5.4 and LuaJIT) and make tsan-test, then fuzz/queries_fuzz.c
# (libFuzzer, C core only) runs for CHECK_FUZZ_TIME seconds.
# The interpreter is not instrumented, so libasan is preloaded. Leak detection
# stays on: busted ends with os.exit(code, true), which closes the Lua state and
# frees everything Lua allocated, so a leak report can only come from our code.
SAN_CC     ?= gcc
SAN_FLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=all -g -O1 -fno-omit-frame-pointer
ASAN_BUILD := build/asan-$(LUA)
ASAN_SO    := $(ASAN_BUILD)/collide2d.so
ASAN_ENV   := LUA_CPATH='$(ASAN_BUILD)/?.so;;' LUA_PATH='lua/?.lua;lua/?/init.lua;spec/?.lua;;' \
              LD_PRELOAD="$$($(SAN_CC) -print-file-name=libasan.so)" \
              ASAN_OPTIONS=detect_leaks=1:halt_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
VALGRIND   := valgrind -q --error-exitcode=1 --leak-check=no
# Valgrind runs some 30x slower than the specs themselves: the files that
# sweep thousands of seeded random pairs (over half the suite's time; the two
# exact specs compute their reference in Lua big numbers) run
# under ASan+UBSan only, which keeps make check, and CI, well inside its time.
VALGRIND_SKIP  := spec/concave_spec.lua spec/transform_spec.lua spec/hits_spec.lua spec/distance_spec.lua spec/properties_spec.lua spec/sight_spec.lua spec/navmesh_spec.lua \
                  spec/exact_hits_spec.lua spec/exact_round_convex_spec.lua spec/exact_polygons_spec.lua spec/rounded_spec.lua
VALGRIND_SPECS := $(filter-out $(VALGRIND_SKIP),$(sort $(wildcard spec/*_spec.lua)))
# Two valgrind runs at once, halves of about equal time (one per core).
VALGRIND_A     := spec/hostile_spec.lua spec/controller_spec.lua spec/world_spec.lua spec/backend_spec.lua spec/badinput_spec.lua
VALGRIND_B     := $(filter-out $(VALGRIND_A),$(VALGRIND_SPECS))

# The fuzzer. FUZZ_DEFS takes the switches documented at the top of
# fuzz/queries_fuzz.c (e.g. -DFUZZ_FULL_RANGE=1). tools/fuzz.sh runs it: it
# replays the known failing inputs (fuzz/corpus/crash-*), then fuzzes from the
# seeds (fuzz/corpus/seed-*) and build/fuzz/corpus; a new failing input is kept
# in fuzz/corpus.
FUZZ_CC    ?= clang
FUZZ_TIME  ?= 120
# make check fuzzes a fixed number of inputs (about 7 minutes here: 115 to 150
# a second under the sanitizers) from a fixed seed, so that CI repeats exactly
# the run that passed: tools/fuzz.sh keeps the run free of timers, and
# -use_cmp=0 keeps the values the code compares out of the mutations (some are
# addresses, which differ with the folder and the environment).
# CHECK_FUZZ_TIME, well above the run's length, only caps it on a slow machine,
# where the cut would fall at a different place each run. make fuzz explores
# anew each time, comparisons included (FUZZ_OPTS=-seed=N repeats one).
CHECK_FUZZ_TIME ?= 900
CHECK_FUZZ_RUNS ?= 30000
CHECK_FUZZ_SEED ?= 2
FUZZ_OPTS  ?=
FUZZ_DEFS  ?=
FUZZ_SRC   := fuzz/queries_fuzz.c
FUZZ_BIN   := build/fuzz/queries
COV_BIN    := build/fuzz-cov/queries

$(ASAN_SO): $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-check
	@mkdir -p $(ASAN_BUILD)
	$(SAN_CC) -std=c99 -fPIC $(WARN) $(FP_FLAGS) $(SAN_FLAGS) -I$(LUA_INC) -shared -o $@ $(CORE_SRC) $(BIND_SRC) -lm

# Rebuild the fuzzer when FUZZ_DEFS changes.
build/fuzz/defs: FORCE
	@mkdir -p $(dir $@) && echo '$(FUZZ_DEFS)' | cmp -s - $@ || echo '$(FUZZ_DEFS)' >$@

$(FUZZ_BIN): $(FUZZ_SRC) $(CORE_SRC) $(HEADERS) build/fuzz/defs | deps-check
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c99 $(WARN) -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  $(FUZZ_DEFS) -Isrc -o $@ $(FUZZ_SRC) $(CORE_SRC) -lm

$(COV_BIN): $(FUZZ_SRC) $(CORE_SRC) $(HEADERS) build/fuzz/defs | deps-check
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c99 $(WARN) -g -O0 -fsanitize=fuzzer -fprofile-instr-generate -fcoverage-mapping \
	  -DFUZZ_NO_ABORT $(FUZZ_DEFS) -Isrc -o $@ $(FUZZ_SRC) $(CORE_SRC) -lm

deps-check:
	@sh tools/deps.sh $(LUA) check

check: deps-check $(SO) $(ASAN_SO) $(FUZZ_BIN)
	@echo "== the core in layers: no file calls a function of a layer above its own"
	@sh tools/layers.sh
	@echo "== the same answers under every runtime and backend (make determinism)"
	@sh tools/determinism.sh $(DETERMINISM_RUNTIMES)
	@echo "== specs under ASan+UBSan ($(ASAN_SO))"
	@$(ASAN_ENV) $(LUA) tools/busted.lua
	@echo "== specs under valgrind ($(SO)), all but the seeded sweeps ASan+UBSan ran above"
	@$(RUN_ENV) $(VALGRIND) $(LUA) tools/busted.lua $(VALGRIND_A) >build/valgrind-a.log 2>&1 & pid=$$!; \
	  $(RUN_ENV) $(VALGRIND) $(LUA) tools/busted.lua $(VALGRIND_B) >build/valgrind-b.log 2>&1; b=$$?; \
	  wait $$pid; a=$$?; cat build/valgrind-a.log build/valgrind-b.log; test $$a -eq 0 && test $$b -eq 0
	@echo "== out of memory: every allocation of tools/oom/workload.lua failed in turn (Lua 5.4, then LuaJIT)"
	@$(MAKE) --no-print-directory OOM_LUA=lua5.4 build/oom-lua5.4/oom
	@$(MAKE) --no-print-directory OOM_LUA=luajit build/oom-luajit/oom
	@$(MAKE) --no-print-directory oom-test OOM_LUA=lua5.4 OOM_MODES=once >build/oom-once.log 2>&1 & pid=$$!; \
	  { $(MAKE) --no-print-directory oom-test OOM_LUA=lua5.4 OOM_MODES=sticky && \
	    $(MAKE) --no-print-directory oom-test OOM_LUA=luajit OOM_MODES=once; } >build/oom-rest.log 2>&1; b=$$?; \
	  wait $$pid; a=$$?; cat build/oom-once.log build/oom-rest.log; test $$a -eq 0 && test $$b -eq 0
	@echo "== two Lua states in two threads under ThreadSanitizer"
	@$(MAKE) --no-print-directory tsan-test
	@echo "== fuzzing the C core: every known input, then $(CHECK_FUZZ_RUNS) new ones (seed $(CHECK_FUZZ_SEED), robustness checks)"
	@FUZZ_ROBUSTNESS_ONLY=1 $(MAKE) --no-print-directory fuzz FUZZ_TIME=$(CHECK_FUZZ_TIME) \
	  FUZZ_OPTS="-seed=$(CHECK_FUZZ_SEED) -runs=$(CHECK_FUZZ_RUNS) -use_cmp=0"

# Memory pressure (tools/oom/): a driver embedding Lua (OOM_LUA=lua5.4, or
# luajit) with the module linked in, whose malloc, calloc and realloc fail the
# k-th allocation, for every k of tools/oom/workload.lua, each in a forked
# child: no crash, no leak, an out-of-memory error that leaves the worlds as
# they were, or else the answers of a run without the failure.
# OOM_MODES=sticky fails every allocation from the k-th on instead of the k-th
# alone (Lua 5.4 retries a failed allocation after a full collection, so only
# sticky failures reach its own out-of-memory errors); OOM_ARGS passes
# options to the driver (-k K: one k; -f FROM -t TO; -v: every k; -n N: up to N
# failing k of each kind printed in full, default 12).
OOM_LUA   ?= lua5.4
OOM_MODES ?= once sticky
OOM_ARGS  ?=
OOM_BUILD := build/oom-$(OOM_LUA)
ifeq ($(OOM_LUA),luajit)
OOM_INC   := /usr/include/luajit-2.1
OOM_LIB   := -lluajit-5.1
else
OOM_INC   := /usr/include/$(OOM_LUA)
OOM_LIB   := -l$(OOM_LUA)
endif

$(OOM_BUILD)/oom: tools/oom/oom.c tools/embed.h $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-oom
	@mkdir -p $(OOM_BUILD)
	$(CC) -std=c99 -g -O1 -no-pie -rdynamic $(WARN) $(FP_FLAGS) -I$(OOM_INC) -Isrc -o $@ tools/oom/oom.c $(CORE_SRC) $(BIND_SRC) $(OOM_LIB) -lm

deps-oom:
	@sh tools/deps.sh $(OOM_LUA) build

oom-test: $(OOM_BUILD)/oom
	@status=0; for mode in $(OOM_MODES); do \
	  $(OOM_BUILD)/oom -m $$mode $(OOM_ARGS) tools/oom/workload.lua $(OOM_BUILD)/transcript-$$mode.txt || status=1; done; exit $$status

# Two Lua states in two threads (tools/tsan/): the module's C sources built
# with -fsanitize=thread into a driver that runs tools/tsan/workload.lua in a
# fresh state TSAN_ROUNDS times in each thread, all at once (Lua itself, the
# system's liblua, is not instrumented). Any ThreadSanitizer report fails it.
TSAN_LUA    ?= lua5.4
TSAN_ROUNDS ?= 20
TSAN_BUILD  := build/tsan-$(TSAN_LUA)
ifeq ($(TSAN_LUA),luajit)
TSAN_INC    := /usr/include/luajit-2.1
TSAN_LIB    := -lluajit-5.1
else
TSAN_INC    := /usr/include/$(TSAN_LUA)
TSAN_LIB    := -l$(TSAN_LUA)
endif

$(TSAN_BUILD)/tsan: tools/tsan/tsan.c tools/embed.h $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-tsan
	@mkdir -p $(TSAN_BUILD)
	$(SAN_CC) -std=c99 -g -O1 -fsanitize=thread $(WARN) $(FP_FLAGS) -I$(TSAN_INC) -Isrc -o $@ tools/tsan/tsan.c $(CORE_SRC) $(BIND_SRC) $(TSAN_LIB) -lm -lpthread

deps-tsan:
	@sh tools/deps.sh $(TSAN_LUA) tsan

tsan-test: $(TSAN_BUILD)/tsan
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66 $$TSAN_OPTIONS" $(TSAN_BUILD)/tsan tools/tsan/workload.lua $(TSAN_ROUNDS)

fuzz: $(FUZZ_BIN)
	@sh tools/fuzz.sh $(FUZZ_BIN) $(FUZZ_TIME) $(FUZZ_OPTS)

# Replays fuzz/corpus and build/fuzz/corpus (grown by make fuzz) through a
# coverage build and reports how much of src/ they reach.
fuzz-coverage: $(COV_BIN)
	@mkdir -p build/fuzz/corpus && rm -f build/fuzz-cov/*.profraw
	@LLVM_PROFILE_FILE='build/fuzz-cov/%p.profraw' $(COV_BIN) -runs=0 build/fuzz/corpus fuzz/corpus >build/fuzz-cov/replay.log 2>&1
	@llvm-profdata merge -sparse build/fuzz-cov/*.profraw -o build/fuzz-cov/queries.profdata
	@llvm-cov report $(COV_BIN) -instr-profile=build/fuzz-cov/queries.profdata $(CORE_SRC)

