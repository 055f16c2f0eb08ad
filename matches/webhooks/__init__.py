"""A league's outgoing webhooks: what they carry, how it is posted, and the delivery log."""
