"""One module per schema revision, named YYYY_MM_DD_HHMMSS_<rev>_<slug>.py."""
