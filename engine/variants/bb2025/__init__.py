"""Blood Bowl 2025 (the Third Season Edition), owned by its format: the
variant (:mod:`.variant`), its Kick-off (:mod:`.kickoff`) and its Secure the
Ball action (:mod:`.secure`)."""
