"""Tests of the project's own files (build and deploy configuration), CPython only."""
