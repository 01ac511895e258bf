// The baseline for start-up: a statically linked Swift program that does nothing.
