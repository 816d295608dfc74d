"""The commands behind `python -m sim <command>` (sim/cli.py) that are more than a call into core: the A/B
verdict (ab), the skill ladder (ladder), the throughput table (bench), profiling (profile, compile_profile),
replaying a stored match (replay) and building a run's report (report_runner). They sit above core, games,
stats and report, and nothing below imports them."""
