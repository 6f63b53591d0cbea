"""The calls an open event answers, one module an aggregate; `services.EventStore` joins them."""
