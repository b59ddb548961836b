"""Structure-aware fuzzing of convert, and one regression test per case it found."""
