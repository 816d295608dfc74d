"""Game-agnostic machinery: RNG, game contract, registry, config, runner, Parquet lake."""
