"""The six MiniLesson files, shipped with the package."""
