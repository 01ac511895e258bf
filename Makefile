# plistctl — build, test, install, benchmark, fuzz.
PREFIX ?= /usr/local
SWIFT ?= swift
RELEASE_FLAGS = -c release --static-swift-stdlib
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/plistctl

.PHONY: all build release test lint install uninstall bench fuzz clean

all: build

build:
	$(SWIFT) build

release:
	$(SWIFT) build $(RELEASE_FLAGS) --product plistctl

test:
	$(SWIFT) test

lint:
	$(SWIFT) format lint --strict -r Sources Tests

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/plistctl

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/plistctl

bench: release
	bench/run.sh

fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-fuzz bench/data bench/results
