"""The event store: SQLAlchemy 2 over SQLite (or PostgreSQL); every entry committed at once."""
