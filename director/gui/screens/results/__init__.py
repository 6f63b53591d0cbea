"""Results: standings, per-deal scores with explanations, the running plus/minus chart."""
