"""After the final whistle: saving a match's one result, the post-game sequence, the free post-game skill and a commissioner's override of a result."""
