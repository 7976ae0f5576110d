"""Records: finished games kept on the device (``book``), their figures (``stats``) and
charts (``charts``), replays (``replay``), today's deal (``daily``), the controller's
handlers for all of these (``handlers``) and their screens as HTML (``screens``)."""
