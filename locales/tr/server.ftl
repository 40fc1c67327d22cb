# Server messages
