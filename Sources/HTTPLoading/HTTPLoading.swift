// Placeholder replaced by the loader chain.
