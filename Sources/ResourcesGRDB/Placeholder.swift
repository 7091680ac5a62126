import Resources
