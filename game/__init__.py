"""spike"""
