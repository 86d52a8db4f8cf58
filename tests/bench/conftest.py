"""Benchmarks are scripts (python tests/bench/bench_*.py), never collected by pytest."""

collect_ignore_glob = ["bench_*.py"]
