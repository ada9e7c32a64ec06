module github.com/colony-ai/colony

go 1.26.8
