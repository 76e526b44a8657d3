# collide2d: one C source tree, five Lua runtimes.
#   make [LUA=lua5.4|lua5.3|lua5.2|lua5.1|luajit]   build build/$(LUA)/collide2d.so
#   make test [LUA=...]    run the busted specs under that runtime
#   make test-all          the specs under all five runtimes
#   make demo | bench | clean
LUA      ?= lua5.4
RUNTIMES := lua5.1 lua5.2 lua5.3 lua5.4 luajit
BUILD    := build/$(LUA)
SO       := $(BUILD)/collide2d.so

ifeq ($(LUA),luajit)
LUA_INC  ?= /usr/include/luajit-2.1
else
LUA_INC  ?= /usr/include/$(LUA)
endif

CC       ?= cc
OPT      ?= -O2
WARN     := -Wall -Wextra -pedantic -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS   ?=
ALL_CFLAGS := -std=c99 $(OPT) -fPIC $(WARN) $(CFLAGS)
LDFLAGS  ?=

CORE_SRC := src/shape.c src/features.c src/overlap.c src/query.c src/contact.c src/sweep.c src/transform.c
BIND_SRC := src/lua_collide2d.c
HEADERS  := $(wildcard src/*.h)

# Where the specs find the module and the pure-Lua submodules.
RUN_ENV  := LUA_CPATH='$(BUILD)/?.so;;' LUA_PATH='lua/?.lua;spec/?.lua;;'

.PHONY: all test test-all demo bench clean deps deps-all

all: $(SO)

$(SO): $(CORE_SRC) $(BIND_SRC) $(HEADERS) | deps-build
	@mkdir -p $(BUILD)
	$(CC) $(ALL_CFLAGS) -I$(LUA_INC) -shared -o $@ $(CORE_SRC) $(BIND_SRC) $(LDFLAGS) -lm

deps-build:
	@sh tools/deps.sh $(LUA) build

deps:
	@sh tools/deps.sh $(LUA) test

test: deps $(SO)
	@$(RUN_ENV) $(LUA) tools/busted.lua

test-all:
	@sh tools/test-all.sh $(RUNTIMES)

demo: deps $(SO)
	@$(RUN_ENV) $(LUA) examples/tour.lua

bench: $(SO)
	@$(RUN_ENV) $(LUA) bench/hits.lua

clean:
	rm -rf build
