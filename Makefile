# plistctl — build, test, install, package, benchmark, fuzz.
PREFIX ?= /usr/local
SWIFT ?= swift
STRIP ?= strip
# The one version: Plistctl.version in the sources (--version, the package).
VERSION := $(shell sed -n 's/^ *static let version = "\(.*\)"$$/\1/p' Sources/plistctl/Plistctl.swift)
# Package.swift links the release build fully static (the Swift runtime and libc linked in, so
# the binary runs on any Linux and starts without the dynamic loader), so `swift run -c
# release plistctl`, `make install` and `make deb` build it once between them.
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)/plistctl

.PHONY: all build release test lint install install-links uninstall deb version consumer dist docs bench \
  fuzz fuzz-xml-cf stress cloud-interop hot-symbols clean

all: build

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product plistctl

# The whole suite, then one line with how many tests ran, passed, failed and were skipped.
# TEST_ARGS go to swift test (TEST_ARGS='--filter Completion').
test:
	SWIFT=$(SWIFT) scripts/test.sh $(TEST_ARGS)

lint:
	$(SWIFT) format lint --strict -r Sources Tests Examples fuzz/targets

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 0755 -s --strip-program=$(STRIP) $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/plistctl
	install -m 0644 docs/plistctl.1 $(DESTDIR)$(PREFIX)/share/man/man1/plistctl.1
	install -m 0644 completions/plistctl.bash \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/plistctl
	install -m 0644 completions/_plistctl $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_plistctl
	install -m 0644 completions/plistctl.fish \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/plistctl.fish

# Opt-in, after install: links named plutil and PlistBuddy beside plistctl (and their shell
# completion), so that macOS scripts calling them run unchanged (README, "Running macOS plist
# scripts on Linux"). A file of another program's at either name is left alone.
COMPAT_LINKS = bin/plutil bin/PlistBuddy share/bash-completion/completions/plutil \
  share/bash-completion/completions/PlistBuddy share/fish/vendor_completions.d/plutil.fish \
  share/fish/vendor_completions.d/PlistBuddy.fish
install-links:
	@for link in $(COMPAT_LINKS); do \
	  path=$(DESTDIR)$(PREFIX)/$$link; \
	  if [ -e "$$path" ] && [ ! -L "$$path" ]; then echo "$$path exists: not replaced" >&2; exit 1; fi; \
	done
	ln -sf plistctl $(DESTDIR)$(PREFIX)/bin/plutil
	ln -sf plistctl $(DESTDIR)$(PREFIX)/bin/PlistBuddy
	ln -sf plistctl $(DESTDIR)$(PREFIX)/share/bash-completion/completions/plutil
	ln -sf plistctl $(DESTDIR)$(PREFIX)/share/bash-completion/completions/PlistBuddy
	ln -sf plistctl.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/plutil.fish
	ln -sf plistctl.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/PlistBuddy.fish

# Takes back what install and install-links put there (the links only if they are links).
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/plistctl $(DESTDIR)$(PREFIX)/share/man/man1/plistctl.1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/plistctl \
	  $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_plistctl \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/plistctl.fish
	@for link in $(COMPAT_LINKS); do \
	  if [ -L "$(DESTDIR)$(PREFIX)/$$link" ]; then rm -f "$(DESTDIR)$(PREFIX)/$$link"; fi; \
	done

# .build/deb/plistctl_VERSION_ARCH.deb: the binary, the man page, completions, copyright.
deb: release
	STRIP=$(STRIP) packaging/deb.sh $(VERSION) $(RELEASE_BIN)

version:
	@echo $(VERSION)

# .build/dist/VERSION: the source tarball, the static binary's tarball (man page, completions,
# licences), the .deb and SHA256SUMS: packaging/dist.sh.
dist: deb
	STRIP=$(STRIP) packaging/dist.sh $(VERSION) $(RELEASE_BIN) \
	  .build/deb/plistctl_$(VERSION)_$$(dpkg --print-architecture).deb

# .build/docs/PlistCore.doccarchive: PlistCore's API documentation (the DocC catalog and every
# public symbol's comment), with the toolchain's docc; a warning fails it: scripts/docs.sh.
docs:
	scripts/docs.sh $(VERSION)

# A package of someone else's depending on PlistCore by a version range (this tree, cloned and
# tagged with VERSION), built and run: scripts/consumer.sh.
consumer:
	scripts/consumer.sh $(VERSION)

# make bench: every benchmark; make bench BENCH=cloud (convert, latency, defaults): one.
bench: release
	bench/run.sh $(BENCH)

fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

# The XML reader against CoreFoundation's alone (also the last part of make fuzz).
fuzz-xml-cf:
	fuzz/differential.sh $(FUZZ_SECONDS)

# Writers killed mid-write, convert --in-place racing writers, a FIFO, endless inputs, a
# stopped lock holder: scripts/stress.sh (STRESS_KILLS=300 by default).
stress:
	scripts/stress.sh

# The cloud store over a git daemon, git's smart HTTP and two Syncthing instances, with random
# operations on several machines checked against a model: scripts/cloud-interop.sh.
cloud-interop: release
	scripts/cloud-interop.sh

# The functions and variables the release build's linker places together, from callgrind and
# lackey runs of the common commands (packaging/hot-symbols.txt): after changes to what they run.
hot-symbols:
	scripts/hot-symbols.sh

clean:
	rm -rf .build .build-fuzz bench/data bench/results
