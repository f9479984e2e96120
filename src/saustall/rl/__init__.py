"""Environments for agents (the optional ``rl`` extra): see ``docs/rl.md``."""
