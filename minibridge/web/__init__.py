"""The classroom server: the pupils' pages and the server that serves them."""
